/**
 * @jest-environment node
 */
import { readPricingParams } from '../../../src/web/features/pricing/lib/pricing-params';

const read = (query: string) => readPricingParams(new URLSearchParams(query));

test('no parameters: light, banner and header shown, no coupon', () => {
  expect(read('')).toEqual({
    darkMode: false,
    hideBanner: false,
    hideHeader: false,
    coupon: null,
    app: null,
    software: null,
  });
});

test.each([
  ['dark_mode', true],
  ['dark_mode=true', true],
  ['dark_mode=1', true],
  ['dark_mode=TRUE', true],
  ['dark_mode=false', false],
  ['dark_mode=0', false],
  ['dark_mode=no', false],
])('%s → darkMode %p', (query, expected) => {
  expect(read(query).darkMode).toBe(expected);
});

test('reads every parameter', () => {
  expect(read('hide_banner=true&hide_header=1&coupon=LAUNCH30&app=Prospect%20Sync&software=hubspot')).toEqual(
    {
      darkMode: false,
      hideBanner: true,
      hideHeader: true,
      coupon: 'LAUNCH30',
      app: 'Prospect Sync',
      software: 'hubspot',
    },
  );
});

test('blank values count as absent', () => {
  expect(read('coupon=%20&app=&software=')).toMatchObject({ coupon: null, app: null, software: null });
});
