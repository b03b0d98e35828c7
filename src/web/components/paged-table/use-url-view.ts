import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { readView, writeView, type ViewSchema } from '../../lib/url-view';

export interface ViewUpdateOptions {
  /** Replace the history entry instead of adding one (a search being typed: one entry, not one per pause). */
  replace?: boolean;
  /** Keep the page: by default a new sort, search or filter starts on its first page. */
  keepPage?: boolean;
}

/**
 * A table's view from the URL's query (lib/url-view.ts), and a way to change it. Changing it navigates
 * (a new history entry unless `replace`), so back returns to the previous view and reload keeps it.
 * `read` reads the view when fields depend on each other (a period); `schema` and `read` must keep their
 * identity (module constants, or made once).
 */
export function useUrlView<V extends { page: number }>(
  schema: ViewSchema<V>,
  read: (schema: ViewSchema<V>, params: URLSearchParams) => V = readView,
) {
  const location = useLocation();
  const navigate = useNavigate();
  const view = useMemo(
    () => read(schema, new URLSearchParams(location.search)),
    [read, schema, location.search],
  );
  // A change made before the previous one is shown (two quick clicks on a column header) builds on that
  // one, not on the view still on screen: what was last asked for from this entry, until the entry changes.
  const asked = useRef<{ key: string; search: string } | null>(null);
  useEffect(() => {
    asked.current = null;
  }, [location.key]);
  const update = useCallback(
    (
      change: Partial<V> | ((current: V) => Partial<V>),
      { replace = false, keepPage }: ViewUpdateOptions = {},
    ) => {
      const base = asked.current?.key === location.key ? asked.current.search : location.search;
      const params = new URLSearchParams(base);
      const current = read(schema, params);
      const patch = typeof change === 'function' ? change(current) : change;
      const next: V = { ...current, ...patch };
      if (!(keepPage ?? 'page' in patch)) next.page = schema.page.fallback;
      const written = writeView(schema, params, next).toString();
      const search = written ? `?${written}` : '';
      asked.current = { key: location.key, search };
      // Paging in place keeps the scroll where the pagination is.
      void navigate({ search }, { replace, preventScrollReset: true });
    },
    [location.key, location.search, read, schema, navigate],
  );
  return { view, update };
}

/**
 * A text field's draft over its value in the URL: typing changes the draft at once and the URL once the
 * typing pauses for `delayMs` (`commit`, which must keep its identity: useCallback); when the URL changes
 * otherwise (back, a link), the draft follows it. `toUrl` says what a draft puts in the URL (trimmed; a
 * day being typed, or mistyped, puts nothing).
 */
export function useUrlDraft(
  committed: string,
  commit: (value: string) => void,
  { delayMs, toUrl = (text) => text.trim() }: { delayMs: number; toUrl?: (text: string) => string },
) {
  const [draft, setDraft] = useState(committed);
  // The URL's value last rendered, and what this field last sent to it: the URL catching up with what was
  // sent is no reason to drop what was typed since.
  const [seen, setSeen] = useState(committed);
  const [sent, setSent] = useState<string | null>(null);
  if (committed !== seen) {
    setSeen(committed);
    setSent(null);
    if (committed !== sent) setDraft(committed);
  }
  const value = toUrl(draft);
  useEffect(() => {
    if (value === committed || value === sent) return;
    const timer = setTimeout(() => {
      setSent(value);
      commit(value);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [value, committed, sent, commit, delayMs]);
  return [draft, setDraft] as const;
}
