/**
 * Schema migrations, defined in code so the server needs no migration folder at run time: one file a
 * migration, listed here in the order they run. Append new migrations; never edit one that has shipped.
 * The keys are the names kysely_migration stores for each database: never rename one (a database that
 * ran it would fail to start), and names sort in the order they run.
 */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import m0001Initial from './0001-initial.js';
import m0002OauthCodesUserRequired from './0002-oauth-codes-user-required.js';
import m0003SupportRequests from './0003-support-requests.js';
import m0010MemberCountAndMemberIndexes from './0010-member-count-and-member-indexes.js';
import m0020CreditLedger from './0020-credit-ledger.js';
import m0021CreditPacks from './0021-credit-packs.js';
import m0030AuditEvents from './0030-audit-events.js';
import m0031SessionDevices from './0031-session-devices.js';
import m0032TwoFactor from './0032-two-factor.js';
import m0033OrganizationRequiresTwoFactor from './0033-organization-requires-two-factor.js';
import m0040InvitationRoles from './0040-invitation-roles.js';
import m0041InvitationProduct from './0041-invitation-product.js';
import m0042EmailsIgnoreCase from './0042-emails-ignore-case.js';
import m0045SandboxSubscriptionItems from './0045-sandbox-subscription-items.js';
import m0046CompanyDomain from './0046-company-domain.js';
import m0047InviteLinks from './0047-invite-links.js';
import m0048DomainAutoJoin from './0048-domain-auto-join.js';
import m0049EmailProvenAt from './0049-email-proven-at.js';
import m0050CheckoutSubscription from './0050-checkout-subscription.js';
import m0055CreditPool from './0055-credit-pool.js';
import m0056DomainDnsProof from './0056-domain-dns-proof.js';
import m0057RefundsToThePool from './0057-refunds-to-the-pool.js';
import m0058CreditAlerts from './0058-credit-alerts.js';
import m0059SessionPolicies from './0059-session-policies.js';
import m0060CrmSync from './0060-crm-sync.js';
import m0061Scim from './0061-scim.js';
import m0062CrmConnectionHealth from './0062-crm-connection-health.js';
import m0063SingleSignOn from './0063-single-sign-on.js';
import m0064AuditStreaming from './0064-audit-streaming.js';
import m0066RequireSso from './0066-require-sso.js';
import m0067SyncLogMemberOutcome from './0067-sync-log-member-outcome.js';
import m0068SamlSignIn from './0068-saml-sign-in.js';
import m0071CreditUsageTotals from './0071-credit-usage-totals.js';
import m0072AssignedSeatsCount from './0072-assigned-seats-count.js';
import m0073SsoTestSession from './0073-sso-test-session.js';
import m0074CheckoutPoolOrganization from './0074-checkout-pool-organization.js';
import m0075CheckoutOpenedBy from './0075-checkout-opened-by.js';
import m0076ProviderEventLease from './0076-provider-event-lease.js';
import m0077InvitationOrigin from './0077-invitation-origin.js';
import m0078CheckoutBuyerOrganization from './0078-checkout-buyer-organization.js';
import m0079SpendPeriod from './0079-spend-period.js';
import m0080RefundPoolPartInUsage from './0080-refund-pool-part-in-usage.js';
import m0081SpendInOneStatement from './0081-spend-in-one-statement.js';
import m0082PoolMoveKeys from './0082-pool-move-keys.js';

const migrations: Record<string, Migration> = {
  '0001_initial': m0001Initial,
  '0002_oauth_codes_user_required': m0002OauthCodesUserRequired,
  '0003_support_requests': m0003SupportRequests,
  '0010_member_count_and_member_indexes': m0010MemberCountAndMemberIndexes,
  '0020_credit_ledger': m0020CreditLedger,
  '0021_credit_packs': m0021CreditPacks,
  '0030_audit_events': m0030AuditEvents,
  '0031_session_devices': m0031SessionDevices,
  '0032_two_factor': m0032TwoFactor,
  '0033_organization_requires_two_factor': m0033OrganizationRequiresTwoFactor,
  '0040_invitation_roles': m0040InvitationRoles,
  '0041_invitation_product': m0041InvitationProduct,
  '0042_emails_ignore_case': m0042EmailsIgnoreCase,
  '0045_sandbox_subscription_items': m0045SandboxSubscriptionItems,
  '0046_company_domain': m0046CompanyDomain,
  '0047_invite_links': m0047InviteLinks,
  '0048_domain_auto_join': m0048DomainAutoJoin,
  '0049_email_proven_at': m0049EmailProvenAt,
  '0050_checkout_subscription': m0050CheckoutSubscription,
  '0055_credit_pool': m0055CreditPool,
  '0056_domain_dns_proof': m0056DomainDnsProof,
  '0057_refunds_to_the_pool': m0057RefundsToThePool,
  '0058_credit_alerts': m0058CreditAlerts,
  '0059_session_policies': m0059SessionPolicies,
  '0060_crm_sync': m0060CrmSync,
  '0061_scim': m0061Scim,
  '0062_crm_connection_health': m0062CrmConnectionHealth,
  '0063_single_sign_on': m0063SingleSignOn,
  '0064_audit_streaming': m0064AuditStreaming,
  '0066_require_sso': m0066RequireSso,
  '0067_sync_log_member_outcome': m0067SyncLogMemberOutcome,
  '0068_saml_sign_in': m0068SamlSignIn,
  '0071_credit_usage_totals': m0071CreditUsageTotals,
  '0072_assigned_seats_count': m0072AssignedSeatsCount,
  '0073_sso_test_session': m0073SsoTestSession,
  '0074_checkout_pool_organization': m0074CheckoutPoolOrganization,
  '0075_checkout_opened_by': m0075CheckoutOpenedBy,
  '0076_provider_event_lease': m0076ProviderEventLease,
  '0077_invitation_origin': m0077InvitationOrigin,
  '0078_checkout_buyer_organization': m0078CheckoutBuyerOrganization,
  '0079_spend_period': m0079SpendPeriod,
  '0080_refund_pool_part_in_usage': m0080RefundPoolPartInUsage,
  '0081_spend_in_one_statement': m0081SpendInOneStatement,
  '0082_pool_move_keys': m0082PoolMoveKeys,
};

class InCodeMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Brings the schema up to date; throws (and the server does not start) when a migration fails. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
