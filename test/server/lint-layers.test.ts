// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/**
 * The layering rules of eslint.config.js hold: each import that breaks one, written into a file of the
 * layer it breaks (ESLint lints the text as if it were there; nothing is written to disk), fails lint,
 * and the imports each layer may use pass. Covers the server's zones (domain/, repositories/, the
 * adapters), the features' use of the app shell, and import circles, type-only ones included.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from './helpers/node-test.js';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '../..');
// Without type information: the layering rules read imports only, and the fixtures are no files the
// TypeScript projects know (the type-aware rule that needs them is no subject here).
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { project: false, projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
});

/** The problems ESLint finds in `code` as the file `file` (relative to the project), "rule: message". */
async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => `${message.ruleId ?? 'fatal'}: ${message.message}`);
}

async function assertRefused(file: string, code: string, rule: string, says: RegExp): Promise<void> {
  const found = await problems(file, code);
  assert.ok(
    found.some((problem) => problem.startsWith(`${rule}: `) && says.test(problem)),
    `${file} importing\n${code}\nshould break ${rule} (${says}), found:\n${found.join('\n') || '(nothing)'}`,
  );
}

async function assertClean(file: string, code: string): Promise<void> {
  assert.deepEqual(await problems(file, code), [], `${file} importing\n${code}`);
}

const RESTRICTED = 'import-x/no-restricted-paths';
const CIRCLE = 'project/no-import-circle';

describe('server layers', () => {
  const domainFile = 'src/server/domain/layering-fixture.ts';

  it('domain/ imports nothing of HTTP, handlers, sandboxes, the Services bag or the database connection', async () => {
    for (const [code, says] of [
      [`import { HttpError } from '../http/errors.js';\nexport const x = HttpError;\n`, /below HTTP/],
      [`import { authHandlers } from '../handlers/auth.js';\nexport const x = authHandlers;\n`, /below HTTP/],
      [`import { linkify } from '../sandbox/mail-page.js';\nexport const x = linkify;\n`, /below HTTP/],
      // Types count: a rule that takes the whole bag depends on every service in it.
      [`import type { Services } from '../services.js';\nexport type X = Services;\n`, /Services bag/],
      [`import type { Db } from '../db/index.js';\nexport type X = Db;\n`, /through repositories/],
    ] as const)
      await assertRefused(domainFile, code, RESTRICTED, says);
  });

  it('domain/ uses no adapter, only the ports', async () => {
    for (const [file, code] of [
      [
        domainFile,
        `import { createStripeBilling } from '../billing/stripe.js';\nexport const x = createStripeBilling;\n`,
      ],
      [
        domainFile,
        `import { createSandboxBilling } from '../billing/sandbox.js';\nexport const x = createSandboxBilling;\n`,
      ],
      [
        domainFile,
        `import { createSubscriptionLock } from '../billing/subscription-lock.js';\nexport const x = createSubscriptionLock;\n`,
      ],
      [
        domainFile,
        `import { recordCheckout } from '../billing/checkout-record.js';\nexport const x = recordCheckout;\n`,
      ],
      // The billing use cases included: the webhook path reaches billing/ only through the port.
      [
        'src/server/domain/billing/layering-fixture.ts',
        `import { readStripeEvent } from '../../billing/stripe.js';\nexport const x = readStripeEvent;\n`,
      ],
    ])
      await assertRefused(file, code, RESTRICTED, /billing's port/);
    await assertRefused(
      domainFile,
      `import { createCrmRegistry } from '../crm/registry.js';\nexport const x = createCrmRegistry;\n`,
      RESTRICTED,
      /CRM port/,
    );
    await assertRefused(
      domainFile,
      `import { createSmtpMailer } from '../mail/smtp.js';\nexport const x = createSmtpMailer;\n`,
      RESTRICTED,
      /mail port/,
    );
    await assertRefused(
      domainFile,
      `import { createOidcClient } from '../sso/oidc.js';\nexport const x = createOidcClient;\n`,
      RESTRICTED,
      /identity-provider port/,
    );
  });

  it('domain/ imports no fastify, not even its types', async () => {
    await assertRefused(
      domainFile,
      `import type { FastifyBaseLogger } from 'fastify';\nexport type X = FastifyBaseLogger;\n`,
      'no-restricted-imports',
      /fastify/,
    );
  });

  it('domain/ may use repositories, row types, its own errors, the ports and its billing rules', async () => {
    await assertClean(
      domainFile,
      [
        `import type { Repositories } from '../repositories/index.js';`,
        `import type { User } from '../db/schema.js';`,
        `import { REPLACED } from '../db/subscription-status.js';`,
        `import { conflict } from './errors.js';`,
        `import type { BillingProvider } from '../billing/provider.js';`,
        `import { priceOf } from './billing/quote.js';`,
        `import type { CrmRegistry } from '../crm/provider.js';`,
        `import type { Mailer } from '../mail/mailer.js';`,
        `import type { OidcClient } from '../sso/provider.js';`,
        `export type X = [Repositories, User, BillingProvider, CrmRegistry, Mailer, OidcClient];`,
        `export const y = [REPLACED, conflict, priceOf];`,
        ``,
      ].join('\n'),
    );
  });

  it('repositories/ import no rules (domain/) and nothing of billing/', async () => {
    const file = 'src/server/repositories/layering-fixture.ts';
    for (const code of [
      `import { applyPaidCheckout } from '../domain/billing/paid-checkout.js';\nexport const x = applyPaidCheckout;\n`,
      `import { priceOf } from '../domain/billing/quote.js';\nexport const x = priceOf;\n`,
      `import { createSubscriptionLock } from '../billing/subscription-lock.js';\nexport const x = createSubscriptionLock;\n`,
      `import type { BillingProvider } from '../billing/provider.js';\nexport type X = BillingProvider;\n`,
    ])
      await assertRefused(file, code, RESTRICTED, /repositories\/ are queries on db\//);
    await assertClean(
      file,
      `import type { Db } from '../db/index.js';\nimport { REPLACED } from '../db/subscription-status.js';\nexport type X = Db;\nexport const y = REPLACED;\n`,
    );
  });

  it("billing/'s adapters call no billing use case back, only its pure rules", async () => {
    const file = 'src/server/billing/layering-fixture.ts';
    for (const code of [
      `import { completeCheckout } from '../domain/billing/paid-checkout.js';\nexport const x = completeCheckout;\n`,
      `import { applyProviderEvent } from '../domain/billing/provider-events.js';\nexport const x = applyProviderEvent;\n`,
      `import { applyProviderQuantities } from '../domain/billing/provider-quantities.js';\nexport const x = applyProviderQuantities;\n`,
    ])
      await assertRefused(file, code, RESTRICTED, /never a use case/);
    await assertClean(
      file,
      `import { priceOf } from '../domain/billing/quote.js';\nimport { sameSeats } from '../domain/billing/seat-drift.js';\nexport const x = [priceOf, sameSeats];\n`,
    );
  });

  it('the adapters (billing/, crm/, mail/, sso/) import nothing of http/', async () => {
    for (const file of [
      'src/server/billing/layering-fixture.ts',
      'src/server/crm/layering-fixture.ts',
      'src/server/mail/layering-fixture.ts',
      'src/server/sso/layering-fixture.ts',
    ])
      await assertRefused(
        file,
        `import { page } from '../http/html.js';\nexport const x = page;\n`,
        RESTRICTED,
        /An adapter/,
      );
    await assertClean(
      'src/server/mail/layering-fixture.ts',
      `import { html } from '../security/html-escaping.js';\nexport const x = html;\n`,
    );
  });
});

describe('web layers', () => {
  const featureFile = 'src/web/features/settings/layering-fixture.ts';

  it('a feature uses of the app shell only its hooks, configuration, route entry and store types', async () => {
    for (const code of [
      `import { createAppRouter } from '../../app/router';\nexport const x = createAppRouter;\n`,
      `import { downloadStateSnapshot } from '../../app/support-snapshot';\nexport const x = downloadStateSnapshot;\n`,
      `import NoticeHost from '../../app/NoticeHost';\nexport const x = NoticeHost;\n`,
    ])
      await assertRefused(featureFile, code, RESTRICTED, /app shell only/);
    await assertRefused(
      featureFile,
      `import { makeStore } from '../../app/store';\nexport const x = makeStore;\n`,
      '@typescript-eslint/no-restricted-imports',
      /only the types of app\/store\.ts/,
    );
    await assertClean(
      featureFile,
      [
        `import { useAppSelector } from '../../app/hooks';`,
        `import { getAppConfig } from '../../app/config';`,
        `import type { EntryLoader } from '../../app/route-entry';`,
        `import type { AppStore } from '../../app/store';`,
        `export type X = [EntryLoader, AppStore];`,
        `export const y = [useAppSelector, getAppConfig];`,
        ``,
      ].join('\n'),
    );
  });
});

describe('import circles', () => {
  it('fails on a circle of values (repositories -> billing rules -> repositories)', async () => {
    await assertRefused(
      'src/server/repositories/billing.ts',
      `import { refuseSecondSubscription } from '../domain/billing/one-subscription.js';\nexport const x = refuseSecondSubscription;\n`,
      CIRCLE,
      /src\/server\/repositories\/billing\.ts -> src\/server\/domain\/billing\/one-subscription\.ts -> .*src\/server\/repositories\/billing\.ts/,
    );
  });

  it('fails on a circle of types only (mailer <-> mail limits; the store and the session entity)', async () => {
    await assertRefused(
      'src/server/mail/mailer.ts',
      `import type { MailSeal } from './mail-limits.js';\nexport type X = MailSeal;\n`,
      CIRCLE,
      /mailer\.ts -> src\/server\/mail\/mail-limits\.ts -> src\/server\/mail\/mailer\.ts/,
    );
    await assertRefused(
      'src/web/app/store.ts',
      `import { appSlice } from '../entities/session';\nexport const x = appSlice;\n`,
      CIRCLE,
      /src\/web\/app\/store\.ts -> src\/web\/entities\/session\/index\.ts -> .*src\/web\/app\/store\.ts/,
    );
  });
});
