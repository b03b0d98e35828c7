/** A day in milliseconds: lifetimes counted in days (join requests, invitation links) and daily series. */
export const DAY_MS = 24 * 60 * 60 * 1000;
