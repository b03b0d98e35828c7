/**
 * Campaign tracking (docs/product.md#kept-in-the-browser, UTM set): the five utm_* query parameters are kept in local storage on
 * arrival, so a visitor who lands on any page with them and signs up later still sends them with the signup.
 */
import type { components } from '../../contract/api';
import { getItem, setItem, utmKeys } from './storage';

const UTM_KEYS = utmKeys;
export type UtmKey = (typeof UTM_KEYS)[number];
export type UtmSet = Required<components['schemas']['UtmSet']>;

/** The contract caps each value at 200 characters; longer ones would make the signup call fail. */
export const UTM_MAX_LENGTH = 200;

/** The utm_* parameters present (and not empty) in a query string such as `?utm_source=x`. */
export function utmFromSearch(search: string): Partial<Record<UtmKey, string>> {
  const params = new URLSearchParams(search);
  const found: Partial<Record<UtmKey, string>> = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim();
    if (value) found[key] = value.slice(0, UTM_MAX_LENGTH);
  }
  return found;
}

export interface KeyValueStore {
  get(key: UtmKey): string | null;
  set(key: UtmKey, value: string): void;
}

/** The browser's local storage through the safe helpers (never throws). */
const localUtmStore: KeyValueStore = { get: getItem, set: (key, value) => void setItem(key, value) };

/**
 * Stores the utm_* parameters of `search`. Only the parameters present are written: a later visit without
 * campaign parameters keeps the earlier values, a visit with new ones replaces them.
 */
export function captureUtm(search: string, store: KeyValueStore = localUtmStore): void {
  for (const [key, value] of Object.entries(utmFromSearch(search))) {
    store.set(key as UtmKey, value);
  }
}

/** The stored UTM set as the signup and google-auth bodies want it: every key, null when unknown. */
export function storedUtm(store: Pick<KeyValueStore, 'get'> = localUtmStore): UtmSet {
  const set = {} as UtmSet;
  for (const key of UTM_KEYS) {
    const value = store.get(key);
    set[key] = value ? value.slice(0, UTM_MAX_LENGTH) : null;
  }
  return set;
}
