import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const root = path.resolve(__dirname, '../../..');
const redocly = path.join(root, 'node_modules/.bin/redocly');

function lint(): { status: number; output: string } {
  try {
    const output = execFileSync(redocly, ['lint', 'openapi.yaml', '--format=stylish'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    return { status: 0, output };
  } catch (error) {
    const failure = error as { status: number; stdout: string; stderr: string };
    return { status: failure.status, output: `${failure.stdout}${failure.stderr}` };
  }
}

describe('openapi.yaml', () => {
  it('passes the Redocly linter with no errors', () => {
    const { status, output } = lint();
    expect(output).not.toMatch(/\berror\b.*\n/i);
    expect(status).toBe(0);
  }, 60_000);

  it('gives every operation an operationId, one per call of spec §7 (and the few calls added since)', () => {
    const document = parse(readFileSync(path.join(root, 'openapi.yaml'), 'utf8')) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const operations = Object.entries(document.paths).flatMap(([route, item]) =>
      ['get', 'post', 'put', 'patch', 'delete']
        .filter((method) => item[method])
        .map((method) => ({ call: `${method.toUpperCase()} ${route}`, id: item[method]?.operationId })),
    );
    expect(operations.filter((operation) => !operation.id)).toEqual([]);
    expect(operations.map((operation) => operation.call).sort()).toEqual(
      [
        'GET /get-user',
        'GET /get-software',
        'POST /set-settings',
        'GET /get-pricing',
        'GET /get-coupon',
        'GET /get-software-options',
        'GET /org-subscription',
        'POST /buy-more-seats',
        'POST /checkout',
        'POST /billing-portal',
        'POST /verify-settings',
        'POST /pre-connect',
        'POST /access-token',
        'POST /disconnect',
        'GET /get-organization-members',
        'POST /remove-organization-user',
        'POST /set-user-product',
        'POST /invite-user',
        'POST /resend-invitation',
        'POST /accept-invite',
        'POST /set-user-boolean',
        'POST /forgot-password',
        'POST /reset-password',
        'POST /login',
        'POST /signup',
        'POST /google-auth',
        'POST /logout',
        // Beyond §7: /reset-password says at once when its link is dead (issue 10).
        'POST /check-reset-token',
        // Issue 13: credit governance.
        'POST /spend-credits',
        'POST /refund-credits',
        'GET /get-credit-usage',
        'POST /set-member-caps',
        'GET /get-usage-report',
        'GET /export-credit-ledger',
        'GET /get-credit-packs',
        'POST /buy-credits',
      ].sort(),
    );
  });

  it('declares on every operation the answers any call can get (outage, timeout, bug; CSRF and body rules for POSTs)', () => {
    const document = parse(readFileSync(path.join(root, 'openapi.yaml'), 'utf8')) as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    };
    // Any request: malformed (400), too slow to arrive (408), a bug (500), the database away (503).
    // A state-changing call also meets the Origin check (403), the body size limit (413) and the
    // JSON-only rule (415).
    const everyCall = ['400', '408', '500', '503'];
    const everyChange = [...everyCall, '403', '413', '415'];
    const missing = Object.values(document.paths).flatMap((item) =>
      ['get', 'post', 'put', 'patch', 'delete']
        .filter((method) => item[method])
        .flatMap((method) => {
          const operation = item[method]!;
          return (method === 'get' ? everyCall : everyChange)
            .filter((status) => !(status in operation.responses))
            .map((status) => `${operation.operationId} ${status}`);
        }),
    );
    expect(missing).toEqual([]);
  });

  it('has a schema for every entity of spec §3', () => {
    const document = parse(readFileSync(path.join(root, 'openapi.yaml'), 'utf8')) as {
      components: { schemas: Record<string, unknown> };
    };
    for (const entity of [
      'User',
      'Subscription',
      'Organization',
      'OrganizationMember',
      'Invitation',
      'Software',
      'PricingEntry',
      'Coupon',
      'OrgSubscriptionItem',
      'UtmSet',
      'OAuthTokens',
      'Error',
    ]) {
      expect(document.components.schemas).toHaveProperty(entity);
    }
  });
});
