/**
 * @jest-environment node
 */
import { captureUtm, storedUtm, utmFromSearch, UTM_MAX_LENGTH } from '../../../src/web/lib/utm';

function memoryStore(initial: Record<string, string> = {}) {
  const data = { ...initial };
  return {
    data,
    get: (key: string) => data[key] ?? null,
    set: (key: string, value: string) => (data[key] = value),
  };
}

test('reads the five utm_* parameters and ignores everything else', () => {
  expect(
    utmFromSearch(
      '?utm_source=news&utm_medium=email&utm_campaign=spring&utm_term=crm&utm_content=cta&software=hubspot',
    ),
  ).toEqual({
    utm_source: 'news',
    utm_medium: 'email',
    utm_campaign: 'spring',
    utm_term: 'crm',
    utm_content: 'cta',
  });
});

test('skips empty parameters and caps values at the contract limit', () => {
  const found = utmFromSearch(`?utm_source=&utm_medium=${'m'.repeat(300)}`);
  expect(found).toEqual({ utm_medium: 'm'.repeat(UTM_MAX_LENGTH) });
});

test('captureUtm stores what the URL carries and keeps earlier values it does not carry', () => {
  const store = memoryStore({ utm_source: 'old', utm_term: 'kept' });
  captureUtm('?utm_source=new&utm_campaign=c1', store);
  expect(store.data).toEqual({ utm_source: 'new', utm_campaign: 'c1', utm_term: 'kept' });
});

test('captureUtm without campaign parameters writes nothing', () => {
  const store = memoryStore();
  captureUtm('?email=a@b.c', store);
  expect(store.data).toEqual({});
});

test('storedUtm gives every key, null when unknown', () => {
  expect(storedUtm(memoryStore({ utm_source: 's', utm_content: 'c' }))).toEqual({
    utm_source: 's',
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: 'c',
  });
});
