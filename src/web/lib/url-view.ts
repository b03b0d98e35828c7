/**
 * A table's view (its page, page size, sort, search and filters) kept in the URL's query, so back,
 * reload and a shared link show the same rows. A view is described once by a schema: each field's query
 * parameter, its default and how it is read. Reading never fails: a missing, mistyped or out-of-range
 * value is the default. Writing leaves defaults out, so a page opened plainly has a plain URL.
 *
 * Pure: the page's hook (components/paged-table/use-url-view.ts) and the route loaders that start the
 * page's query before its chunk has arrived (app/route-data.ts) read the same view from the same URL.
 */

/** How one field of a view is kept in the query. */
export interface ViewField<T> {
  param: string;
  fallback: T;
  /** The value a query parameter stands for, or undefined when it stands for none (the default is used). */
  read: (raw: string) => T | undefined;
  write: (value: T) => string;
}

export type ViewSchema<V> = { [K in keyof V]: ViewField<V[K]> };

/** The view the query says, field by field; anything unreadable is the field's default. */
export function readView<V>(schema: ViewSchema<V>, params: URLSearchParams): V {
  const view = {} as V;
  for (const key of Object.keys(schema) as (keyof V)[]) {
    const field = schema[key];
    const raw = params.get(field.param);
    view[key] = (raw === null ? undefined : field.read(raw)) ?? field.fallback;
  }
  return view;
}

/** `params` with the view written in (defaults removed); other parameters are kept. */
export function writeView<V>(schema: ViewSchema<V>, params: URLSearchParams, view: V): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of Object.keys(schema) as (keyof V)[]) {
    const field = schema[key];
    const value = field.write(view[key]);
    if (value === field.write(field.fallback)) next.delete(field.param);
    else next.set(field.param, value);
  }
  return next;
}

/** A page, 1-based in the URL ('?page=3' is the third) and 0-based in the view, as MUI counts. */
export function pageField(param = 'page', max = 100_000): ViewField<number> {
  return {
    param,
    fallback: 0,
    read: (raw) => (/^[1-9]\d{0,8}$/.test(raw) && Number(raw) <= max ? Number(raw) - 1 : undefined),
    write: (page) => String(page + 1),
  };
}

/** A number among `allowed` (page sizes: the DOM stays small whatever the URL asks). */
export function numberField<const N extends number>(
  param: string,
  allowed: readonly N[],
  fallback: N,
): ViewField<N> {
  return {
    param,
    fallback,
    read: (raw) => allowed.find((value) => String(value) === raw),
    write: String,
  };
}

/** One of a fixed set of words (a sort column, an order, an event type). */
export function choiceField<const C extends string>(
  param: string,
  allowed: readonly C[],
  fallback: C,
): ViewField<C> {
  return { param, fallback, read: (raw) => allowed.find((value) => value === raw), write: String };
}

/** Free text (a search), trimmed, at most `maxLength` characters; empty by default. */
export function textField(param: string, maxLength = 200): ViewField<string> {
  return {
    param,
    fallback: '',
    read: (raw) => {
      const text = raw.trim();
      return text.length <= maxLength ? text : undefined;
    },
    write: (text) => text.trim(),
  };
}

/** A real calendar day written YYYY-MM-DD ('2026-02-30' is not one); empty by default. */
export function dayField(param: string, fallback = ''): ViewField<string> {
  return { param, fallback, read: (raw) => (isDay(raw) ? raw : undefined), write: String };
}

function isDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
