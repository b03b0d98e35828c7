/**
 * The CRM picker (docs/product.md#signing-up; also /connect when no CRM is known): the records of
 * get-software-options. The page decides what choosing does (app/chosen-software.ts useChooseSoftware).
 * A failed list is only logged (docs/product.md#other-texts): the page works without it.
 */
import { Suspense, useEffect } from 'react';
import { loadable } from '../../components/loadable';
import { useGetSoftwareOptionsQuery } from '../../api/endpoints/catalogue';
import type { Software } from '../../api/contract-types';
import TextInput from '../../components/TextInput';
import { t } from '../../i18n';

// Loaded as soon as a page with the picker is (the build preloads it on /signup, src/shared/route-chunks.ts,
// whose first screen waits for it: `loadCrmSelect`).
const crmSelect = loadable(() => import(/* webpackChunkName: "crm-select" */ './CrmSelect'));
crmSelect.load().catch(() => undefined); // A failure shows where the select is drawn.
const CrmSelect = crmSelect.Component;

/** Loads the select ahead of its first render: a page that draws it first (signup) is drawn with it. */
export const loadCrmSelect = crmSelect.load;

export interface CrmPickerProps {
  /** The chosen slug (it may not be in the list yet, or any more). */
  value: string | null;
  onChoose: (record: Software) => void;
  label?: string;
}

export default function CrmPicker({ value, onChoose, label }: CrmPickerProps) {
  const { data, isLoading, isError, error } = useGetSoftwareOptionsQuery();

  useEffect(() => {
    if (isError) console.error('Failed to fetch software options', error);
  }, [isError, error]);

  const name = label ?? t('Your CRM');
  if (isError) return null;

  // While the list loads, the same select without options (busy): the list fills it, nothing is drawn anew
  // (docs/performance.md#no-flash).
  const options = data?.data ?? [];
  // MUI warns about a value that is not an option (e.g. a slug the catalogue no longer has).
  const chosen = options.find((option) => option.slug === value);
  return (
    // Until the select's chunk arrives, the same box (label and chosen CRM) without its menu.
    <Suspense fallback={<TextInput fullWidth disabled label={name} value={chosen?.software ?? ''} />}>
      <CrmSelect
        options={options}
        selected={chosen?.slug ?? ''}
        onChoose={onChoose}
        label={name}
        busy={isLoading || !data}
      />
    </Suspense>
  );
}
