/** The company domain as the features built on it see it (docs/product.md#verifying-a-domain). */
import type { Organization } from '../db/schema.js';

/**
 * The organization's company domain when it is verified by DNS, else null. What an identity provider may
 * speak for, SCIM provisioning (docs/scim.md) and single sign-on (docs/product.md#single-sign-on) alike:
 * a mailed code proves one mailbox, not the domain.
 */
export function dnsProvenDomain(
  org: Pick<Organization, 'domain' | 'domain_verified_at' | 'domain_method'> | undefined | null,
): string | null {
  if (!org?.domain || org.domain_verified_at === null || org.domain_method !== 'dns') return null;
  return org.domain;
}
