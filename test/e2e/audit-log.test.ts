/**
 * docs/product.md#audit-log: the Audit log at 1280 and 390 px, in English and Chinese. Nothing scrolls sideways (the page
 * nor the table's region), the columns keep their widths (the Event column was one character wide in
 * Chinese), details read as sentences rather than stored keys, times are short and 24-hour, a phone shows
 * cards, and axe finds nothing.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import type { Page } from 'playwright-core';
import { describeViolations, violations } from './axe.js';
import { useAppAndBrowser } from './harness.js';
import { apiCall, teamOfTwo } from './people.js';

const e2e = useAppAndBrowser();
const run = Date.now();

/** The rules of test/e2e/accessibility.test.ts: WCAG 2.0-2.2 A and AA and axe's best practices. */

/** Sideways overflow of the page and of the region holding the entries (0 when each fits). */
function overflow(page: Page, regionName: string) {
  return page.evaluate((name) => {
    const root = document.documentElement;
    const region = document.querySelector(`[role="region"][aria-label="${name}"]`);
    return {
      page: Math.max(0, root.scrollWidth - root.clientWidth),
      region: region ? Math.max(0, region.scrollWidth - region.clientWidth) : -1,
    };
  }, regionName);
}

const SENTENCES = {
  en: {
    heading: 'Audit log',
    region: 'Audit log events',
    sentences: [
      'Monthly cap of 1,440 credits removed.',
      'Monthly cap set to 1,440 credits (there was none).',
      'Role changed from Member to Admin.',
      'Joined as Member.',
      'Signed up with a password.',
    ],
    event: 'Event',
    time: /^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/,
  },
  'zh-CN': {
    heading: '审计日志',
    region: '审计日志事件',
    sentences: [
      '已取消 1,440 点的每月上限。',
      '每月上限设为 1,440 点（之前未设置）。',
      '角色从成员改为管理员。',
      '以成员身份加入。',
      '使用密码注册。',
    ],
    event: '事件',
    time: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
  },
} as const;

test('the Audit log fits 1280 and 390 px in English and Chinese, with details as sentences', async () => {
  // Long addresses, as real ones are: they must end in an ellipsis, not push the Details off-screen.
  const adminEmail = `audit-layout-administrator-${run}@a-rather-long-company-domain.example.com`;
  const memberEmail = `audit-layout-member-with-a-long-name-${run}@a-rather-long-company-domain.example.com`;
  const { admin } = await teamOfTwo(
    e2e,
    { name: 'Ava', email: adminEmail },
    { name: 'Milo', email: memberEmail },
  );
  const page = admin.page;
  const members = (await apiCall(page, '/api/get-organization-members')).json as {
    data: { users: { id: string; email: string }[] };
  };
  const member = members.data.users.find((u) => u.email === memberEmail)!;
  const promoted = await apiCall(page, '/api/set-user-product', {
    user_id: member.id,
    product: 'Free',
    role: 'admin',
  });
  assert.equal(promoted.status, 200, JSON.stringify(promoted.json));
  for (const cap of [1440, null]) {
    const set = await apiCall(page, '/api/set-member-caps', { user_ids: [member.id], monthly_cap: cap });
    assert.equal(set.status, 200, JSON.stringify(set.json));
  }

  for (const locale of ['en', 'zh-CN'] as const) {
    const words = SENTENCES[locale];
    await admin.context.addCookies([{ name: 'locale', value: locale, url: e2e.app.url }]);
    for (const width of [1280, 390]) {
      const where = `${locale} at ${width} px`;
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${e2e.app.url}/dashboard/audit`);
      await page.getByRole('heading', { level: 1, name: words.heading }).waitFor();
      await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
      const text = page.getByRole('region', { name: words.region });
      await text.getByText(words.sentences[0]).first().waitFor();

      const shown = await text.innerText();
      for (const sentence of words.sentences) assert.ok(shown.includes(sentence), `${where}: "${sentence}"`);
      assert.doesNotMatch(shown, /\b(method|from|to|checkout): |\bnull\b/, `${where}: stored keys`);
      assert.deepEqual(
        await overflow(page, words.region),
        { page: 0, region: 0 },
        `${where}: sideways overflow`,
      );

      if (width === 1280) {
        const table = page.getByRole('table', { name: words.heading });
        const header = table.getByRole('columnheader', { name: words.event });
        const eventWidth = (await header.boundingBox())!.width;
        assert.ok(eventWidth >= 120, `${where}: the Event column is ${eventWidth} px wide`);
        // Every cell stays inside the table; the Details column is on screen.
        const cells = await table
          .locator('th, td')
          .evaluateAll((all) => all.map((cell) => cell.getBoundingClientRect().right));
        assert.ok(Math.max(...cells) <= 1280, `${where}: a cell ends at ${Math.max(...cells)} px`);
        const firstRow = table.locator('tbody tr').first();
        assert.match((await firstRow.locator('td').first().innerText()).trim(), words.time, where);
        // A clipped address is whole in its tooltip.
        await firstRow.locator('td').nth(2).locator('span').first().hover();
        await page.getByRole('tooltip').getByText(adminEmail).waitFor();
        await page.mouse.move(0, 0);
        await page.getByRole('tooltip').waitFor({ state: 'detached' });
      } else {
        assert.equal(await page.getByRole('table').count(), 0, `${where}: a table on a phone`);
        const cards = page.getByRole('list', { name: words.heading }).getByRole('listitem');
        assert.equal(await cards.count(), 7, where);
        const lines = (await cards.first().innerText()).split('\n').filter((line) => line.trim() !== '');
        assert.match(lines[1]!.trim(), words.time, where);
      }
      const found = await violations(page);
      assert.deepEqual(found, [], `${where}: axe\n${describeViolations(found)}`);
    }
  }
  assert.deepEqual(admin.pageErrors, []);
});
