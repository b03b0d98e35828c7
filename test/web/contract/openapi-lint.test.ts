import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const root = path.resolve(__dirname, '../../..');
describe('openapi.yaml', () => {
  // Redocly's linter runs in `npm run lint` (redocly.yaml: every rule an error, so warnings fail too).

  it('gives every operation a request example and an answer example (shown by /docs)', () => {
    type Media = { example?: unknown; examples?: Record<string, unknown> };
    type WithContent = { $ref?: string; content?: Record<string, Media> };
    interface Operation {
      operationId: string;
      parameters?: { name: string; example?: unknown; examples?: unknown; schema?: { example?: unknown } }[];
      requestBody?: WithContent;
      responses: Record<string, WithContent>;
    }
    const document = parse(readFileSync(path.join(root, 'openapi.yaml'), 'utf8')) as {
      paths: Record<string, Record<string, Operation>>;
      components: Record<string, Record<string, WithContent>>;
    };
    const resolve = (item: WithContent): WithContent => {
      if (!item.$ref) return item;
      const [, , section, name] = item.$ref.split('/');
      return document.components[section!]![name!]!;
    };
    const hasExample = (item: WithContent | undefined): boolean => {
      // JSON answers, or the one other type an operation answers with (the CSV export, SCIM's JSON).
      // An answer without a body (SCIM's 204 No Content) has nothing to show.
      if (item && !item.$ref && item.content === undefined) return true;
      const content = item && resolve(item).content;
      const media = content?.['application/json'] ?? Object.values(content ?? {})[0];
      return (
        media !== undefined && (media.example !== undefined || Object.keys(media.examples ?? {}).length > 0)
      );
    };
    const missing = Object.values(document.paths).flatMap((item) =>
      ['get', 'post', 'put', 'patch', 'delete']
        .filter((method) => item[method])
        .flatMap((method) => {
          const operation = item[method]!;
          const problems: string[] = [];
          // The request: its body, and each query parameter (an operation with neither takes no input).
          if (operation.requestBody && !hasExample(operation.requestBody)) problems.push('request body');
          for (const parameter of operation.parameters ?? []) {
            if (
              parameter.example === undefined &&
              parameter.examples === undefined &&
              parameter.schema?.example === undefined
            ) {
              problems.push(`parameter ${parameter.name}`);
            }
          }
          const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
          if (success.length === 0 || !success.every(([, answer]) => hasExample(answer)))
            problems.push('answer');
          return problems.map((problem) => `${operation.operationId}: ${problem}`);
        }),
    );
    expect(missing).toEqual([]);
  });

  it('gives every operation an operationId, one per call of docs/product.md#api-calls (and the few calls added since)', () => {
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
        'POST /preview-invite-users',
        'POST /access-token',
        'POST /disconnect',
        'GET /get-organization-members',
        'POST /remove-organization-user',
        'POST /set-user-product',
        'POST /invite-user',
        'POST /invite-users',
        'POST /resend-invitation',
        'POST /accept-invite',
        'POST /set-user-boolean',
        'POST /forgot-password',
        'POST /reset-password',
        'POST /login',
        'POST /move-seat',
        'POST /signup',
        'POST /google-auth',
        'POST /logout',
        // Beyond the original calls: /reset-password says at once when its link is dead.
        'POST /check-reset-token',
        // The audit log, sessions, password change and two-factor sign-in.
        'GET /list-audit-events',
        'GET /export-audit-events',
        // Audit-log streaming and retention (docs/product.md#audit-log-streaming).
        'GET /get-audit-settings',
        'POST /set-audit-stream',
        'POST /rotate-audit-stream-secret',
        'POST /remove-audit-stream',
        'POST /test-audit-stream',
        'POST /set-audit-retention',
        'GET /list-sessions',
        'POST /end-session',
        'POST /end-other-sessions',
        'POST /end-member-sessions',
        'POST /change-password',
        'POST /verify-two-factor',
        'GET /get-two-factor',
        'POST /start-two-factor-setup',
        'POST /confirm-two-factor-setup',
        'POST /disable-two-factor',
        'POST /set-two-factor-requirement',
        // Credit governance.
        'POST /spend-credits',
        'POST /refund-credits',
        'GET /get-credit-usage',
        'POST /set-member-caps',
        'GET /get-usage-report',
        'GET /export-credit-ledger',
        'GET /get-credit-packs',
        'POST /buy-credits',
        // Company domain and requests to join.
        'GET /get-company-domain',
        'POST /start-domain-verification',
        'POST /verify-domain',
        'POST /set-domain-auto-join',
        'POST /decide-join-request',
        'GET /get-join-option',
        'POST /request-to-join',
        // Invitation links.
        'POST /create-invite-link',
        'POST /revoke-invite-link',
        'GET /get-invite-link',
        'POST /accept-invite-link',
        // Billing's invoices and a seat order's price; revoking a pending invitation.
        'GET /get-invoices',
        'GET /quote-seats',
        'POST /revoke-invitation',
        // The team pool (docs/product.md#the-team-pool) and organization settings
        // (docs/product.md#organization-settings).
        'POST /grant-credits',
        'POST /take-back-credits',
        'POST /request-credits',
        // Credit alerts and the default cap (docs/product.md#credit-alerts).
        'GET /get-credit-settings',
        'POST /set-credit-settings',
        // Session and network policies (docs/product.md#session-and-network-policies).
        'GET /get-session-policies',
        'POST /set-session-policies',
        'POST /rename-organization',
        'POST /start-dns-verification',
        'POST /check-dns-verification',
        // CRM sync rules and the sync log (docs/product.md#crm-sync-rules).
        'GET /get-crm-fields',
        'GET /get-sync-settings',
        'POST /set-sync-settings',
        'POST /sync-profile',
        'GET /list-sync-log',
        'GET /export-sync-log',
        // SCIM provisioning (docs/scim.md): the admin's settings, then the protocol itself.
        'GET /get-scim-settings',
        'POST /create-scim-token',
        'POST /rotate-scim-token',
        'POST /revoke-scim-token',
        'POST /set-scim-group-mapping',
        'POST /remove-scim-group-mapping',
        'GET /scim/v2/ServiceProviderConfig',
        'GET /scim/v2/Schemas',
        'GET /scim/v2/ResourceTypes',
        'GET /scim/v2/Users',
        'POST /scim/v2/Users',
        'GET /scim/v2/Users/{id}',
        'PUT /scim/v2/Users/{id}',
        'PATCH /scim/v2/Users/{id}',
        'DELETE /scim/v2/Users/{id}',
        'GET /scim/v2/Groups',
        'POST /scim/v2/Groups',
        'GET /scim/v2/Groups/{id}',
        'PUT /scim/v2/Groups/{id}',
        'PATCH /scim/v2/Groups/{id}',
        'DELETE /scim/v2/Groups/{id}',
        // Single sign-on (docs/product.md#single-sign-on): signing in through it, the admin's connection, and
        // the service provider's SAML metadata.
        'POST /start-sso',
        'POST /finish-sso',
        'GET /get-sso-connection',
        'POST /save-sso-connection',
        'POST /delete-sso-connection',
        'POST /test-sso-connection',
        'POST /set-require-sso',
        'GET /sso/saml/metadata',
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
    // SCIM (docs/scim.md) takes a bearer token, not the cookie: no Origin check, so no 403 of its own.
    const scimChange = [...everyCall, '413', '415'];
    const missing = Object.values(document.paths).flatMap((item) =>
      ['get', 'post', 'put', 'patch', 'delete']
        .filter((method) => item[method])
        .flatMap((method) => {
          const operation = item[method]!;
          const change = operation.operationId.startsWith('scim') ? scimChange : everyChange;
          return (method === 'get' ? everyCall : change)
            .filter((status) => !(status in operation.responses))
            .map((status) => `${operation.operationId} ${status}`);
        }),
    );
    expect(missing).toEqual([]);
  });

  it('has a schema for every entity of docs/product.md#data', () => {
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
