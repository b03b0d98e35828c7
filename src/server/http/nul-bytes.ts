/**
 * PostgreSQL text cannot hold NUL (U+0000): a string with one would fail deep in a query with a 500.
 * Every request is checked once, before validation: route params, query string and parsed body
 * (JSON or form), keys included; such a request is answered 400 with the error envelope.
 */
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';
import { message } from '../../contract/messages.js';

const NUL_MESSAGE = message('nul_character');

/** True when a string anywhere in the value (strings, arrays, objects and their keys) holds NUL. */
function containsNul(root: unknown): boolean {
  // Iterative: a 64 KB body can nest deeper than the call stack allows.
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (value !== null && typeof value === 'object') {
      // A raw Buffer body (the Stripe webhook) is left alone.
      if (ArrayBuffer.isView(value)) continue;
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/** preValidation hook of every route. */
export async function rejectNulBytes(request: FastifyRequest): Promise<void> {
  if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
    throw new HttpError(400, NUL_MESSAGE);
  }
}
