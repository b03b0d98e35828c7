/**
 * Text of a request as PostgreSQL can hold it. Every request is checked once, before validation: route
 * params, query string and parsed body (JSON or form), keys included.
 *
 * - NUL (U+0000) cannot be stored in PostgreSQL text: a string with one would fail deep in a query with a
 *   500. Such a request is answered 400 with the error envelope.
 * - A lone UTF-16 surrogate (valid in JSON as `"\ud800"`) has no UTF-8 form: the database driver writes it
 *   as U+FFFD, so what was stored would differ from what arrived, and a retry comparing the two (a spend's
 *   reference under its idempotency key) would take the same call for another. Each is replaced by U+FFFD
 *   here, as the database would, so every rule sees the text as it will be stored.
 */
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';
import { message } from '../../contract/messages.js';

const NUL_MESSAGE = message('nul_character');

class NulFound extends Error {}

/** A high surrogate without its low half, or a low one without its high half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The string as stored: lone surrogates replaced (String#toWellFormed); throws NulFound for a NUL. */
function storable(text: string): string {
  if (text.includes('\u0000')) throw new NulFound();
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * Makes every string in the value (strings, arrays, objects and their keys) storable, in place; the value
 * itself when it is a string. Throws NulFound for a NUL anywhere.
 */
function storableText(root: unknown): unknown {
  if (typeof root === 'string') return storable(root);
  // Iterative: a 64 KB body can nest deeper than the call stack allows.
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        if (typeof item === 'string') value[i] = storable(item);
        else stack.push(item);
      });
    } else if (value !== null && typeof value === 'object') {
      // A raw Buffer body (the Stripe webhook) is left alone.
      if (ArrayBuffer.isView(value)) continue;
      const record = value as Record<string, unknown>;
      for (const [key, item] of Object.entries(record)) {
        const storedKey = storable(key);
        const stored = typeof item === 'string' ? storable(item) : item;
        // Written only when changed: an unchanged key or value is left exactly as parsed.
        if (storedKey !== key) {
          delete record[key];
          record[storedKey] = stored;
        } else if (stored !== item) record[key] = stored;
        if (typeof item !== 'string') stack.push(item);
      }
    }
  }
  return root;
}

/** preValidation hook of every route. */
export async function checkRequestText(request: FastifyRequest): Promise<void> {
  try {
    request.params = storableText(request.params);
    request.query = storableText(request.query);
    request.body = storableText(request.body);
  } catch (error) {
    if (error instanceof NulFound) throw new HttpError(400, NUL_MESSAGE);
    throw error;
  }
}
