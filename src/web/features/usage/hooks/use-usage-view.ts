import { useState } from 'react';
import { useUrlView } from '../../../components/paged-table';
import { readUsageView, usageViewSchema } from '../lib/usage-filters';

/** The Usage page's view from its URL (lib/usage-filters.ts); its defaults are the month it was opened in. */
export function useUsageView() {
  const [schema] = useState(() => usageViewSchema());
  return useUrlView(schema, readUsageView);
}
