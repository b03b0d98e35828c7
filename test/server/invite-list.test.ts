// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/** docs/product.md#bulk-invitations: reading a pasted list or CSV of invitations, and judging its rows (src/shared/invite-list.ts). */
import assert from 'node:assert/strict';
import { describe, it } from './helpers/node-test.js';
import { judgeInviteRows, parseInviteList } from '../../src/shared/invite-list.js';
import { isEmailAddress } from '../../src/shared/email.js';

describe('parseInviteList', () => {
  it('reads one address per line, or separated by commas and semicolons', () => {
    const rows = parseInviteList('a@x.com\nb@x.com, c@x.com;d@x.com\n\n  e@x.com  \r\n');
    assert.deepEqual(
      rows.map((row) => [row.line, row.email]),
      [
        [1, 'a@x.com'],
        [2, 'b@x.com'],
        [2, 'c@x.com'],
        [2, 'd@x.com'],
        [4, 'e@x.com'],
      ],
    );
  });

  it('reads a CSV with a header row, in any column order, with an optional role', () => {
    const rows = parseInviteList('\uFEFFname,Role,Email\nAda,viewer,ada@x.com\nBob,,"bob@x.com"\n');
    assert.deepEqual(rows, [
      { line: 2, email: 'ada@x.com', role: 'viewer' },
      { line: 3, email: 'bob@x.com' },
    ]);
  });

  it('reads a CSV without a header: an address and a known role per line', () => {
    const rows = parseInviteList('ada@x.com,admin\nbob@x.com;Billing_manager\ncy@x.com,dee@x.com');
    assert.deepEqual(rows, [
      { line: 1, email: 'ada@x.com', role: 'admin' },
      { line: 2, email: 'bob@x.com', role: 'Billing_manager' },
      { line: 3, email: 'cy@x.com' },
      { line: 3, email: 'dee@x.com' },
    ]);
  });

  it('keeps a quoted name with a comma in its column, so the address and role stay in theirs', () => {
    const rows = parseInviteList(
      'Name,Email,Role\n"Doe, Jane",jane@x.com,viewer\n"Roe; ""Bo""",bo@x.com,admin\n',
    );
    assert.deepEqual(rows, [
      { line: 2, email: 'jane@x.com', role: 'viewer' },
      { line: 3, email: 'bo@x.com', role: 'admin' },
    ]);
  });

  it('counts lines from where a row starts when a quoted cell runs over two lines', () => {
    const rows = parseInviteList('email,note\na@x.com,"first\nsecond"\nb@x.com,');
    assert.deepEqual(rows, [
      { line: 2, email: 'a@x.com' },
      { line: 4, email: 'b@x.com' },
    ]);
  });

  it('keeps rows it cannot read as addresses, for the preview to flag', () => {
    assert.deepEqual(parseInviteList('not an address'), [{ line: 1, email: 'not an address' }]);
  });
});

describe('judgeInviteRows', () => {
  it('flags invalid, duplicate (ignoring case), self, member, invited rows and other domains', () => {
    const rows = parseInviteList(
      [
        'new@acme.com',
        'NEW@acme.com',
        'broken@',
        'boss@acme.com',
        'Member@Acme.com',
        'pending@acme.com',
        'friend@gmail.com',
        'x@acme.com,owner',
      ].join('\n'),
    );
    const judged = judgeInviteRows(rows, {
      inviterEmail: 'Boss@Acme.com',
      members: ['member@acme.com'],
      invited: ['PENDING@acme.com'],
    });
    assert.deepEqual(
      judged.map((row) => [row.email, row.refusal ?? 'ok', row.otherDomain]),
      [
        ['new@acme.com', 'ok', false],
        ['NEW@acme.com', 'duplicate', false],
        ['broken@', 'invalid', false],
        ['boss@acme.com', 'self', false],
        ['Member@Acme.com', 'member', false],
        ['pending@acme.com', 'invited', false],
        ['friend@gmail.com', 'ok', true],
        // "owner" is not a role, so the line is two cells, the second no address
        ['x@acme.com', 'ok', false],
        ['owner', 'invalid', false],
      ],
    );
    assert.equal(judged[0]!.normalized, 'new@acme.com');
    assert.equal(judged[0]!.role, 'member');
  });

  it('refuses an unknown role from a role column and lower-cases known ones', () => {
    const judged = judgeInviteRows(parseInviteList('email,role\na@x.com,owner\nb@x.com,Viewer'), {
      inviterEmail: 'me@x.com',
      members: [],
      invited: [],
    });
    assert.equal(judged[0]!.refusal, 'invalid-role');
    assert.equal(judged[1]!.refusal, undefined);
    assert.equal(judged[1]!.role, 'viewer');
  });
});

describe('isEmailAddress (docs/product.md#email-addresses)', () => {
  it('takes name@domain.tld and refuses spaces, a missing part, a trailing dot, empty labels, comments and groups', () => {
    for (const good of ['ada@example.com', 'a.b+c@mail.example.co.uk']) assert.ok(isEmailAddress(good), good);
    for (const bad of [
      'ada',
      'ada@example',
      'ada @example.com',
      'ada@example.com.',
      'ada@example..com',
      '@x.io',
      // Forms a mail library reads as ada@example.com: each would count as another target of the
      // per-address mail limits while reaching the same mailbox.
      '(1)ada@example.com',
      'ada(1)@example.com',
      'team:ada@example.com',
      'Ada <ada@example.com>',
      '"ada"@example.com',
      'ada@example.com, eve@example.com',
    ]) {
      assert.equal(isEmailAddress(bad), false, bad);
    }
  });
});
