/** Redirect targets must stay on the allow-list: our public origin and ALLOWED_ORIGINS. */
import type { Config } from '../config.js';
import { allowedOrigins } from './csrf.js';

/** The URL if it is on an allowed origin (relative paths resolve against PUBLIC_URL), else undefined. */
export function safeRedirectUrl(config: Config, candidate: string | null | undefined): string | undefined {
  if (!candidate) return undefined;
  try {
    const url = new URL(candidate, config.publicUrl);
    return allowedOrigins(config).has(url.origin) ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}
