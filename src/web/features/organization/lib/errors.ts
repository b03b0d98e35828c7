/** The failure texts of the Organization screens (docs/product.md#organization-texts). */
import { isFailedAnswer, withDetail, type ErrorText } from '../../../api/errors';
import { msg } from '../../../i18n';

const MEMBERS_FETCH_FAILED = 'Failed to fetch org members';
const MEMBERS_LOAD_FAILED = 'Failed to load org members';
const ORGANIZATION_FETCH_FAILED = 'Failed to fetch organization data';
export const REMOVE_FAILED = 'Failed to remove user';
export const UPDATE_PRODUCT_FAILED = 'Failed to update product';
export const INVITE_FAILED = 'Failed to send invitation';
export const RESEND_FAILED = 'Failed to resend invitation';
export const REVOKE_FAILED = 'Failed to revoke the invitation';
export const BULK_INVITE_FAILED = 'Failed to send the invitations';
/** Sending stays possible: invite-users judges every row again. */
export const BULK_PREVIEW_FAILED =
  'Failed to check the list with the server. You can still send: every row is checked again.';
export const MOVE_SEAT_FAILED = 'Failed to move the seat';
export const MEMBER_SEARCH_FAILED = 'Could not search members.';
export const MEMBER_NOT_FOUND = 'User not found in your organization';

/**
 * Why the members list could not be shown on the Organization page: a non-OK answer is 'Failed to fetch
 * org members'; an answer flagged `error: true`, or none at all (network), is 'Failed to load org members'.
 */
export function membersErrorText(error: unknown): ErrorText {
  return withDetail(isFailedAnswer(error) ? MEMBERS_FETCH_FAILED : MEMBERS_LOAD_FAILED, error);
}

/** Why the member edit page could not load the organization: 'Failed to fetch organization data'. */
export function organizationErrorText(error: unknown): ErrorText {
  return withDetail(ORGANIZATION_FETCH_FAILED, error);
}

export const CAP_SAVE_FAILED = 'Failed to set the monthly cap';
export const CAP_USAGE_FAILED = 'Failed to load credit usage';
export const ALERTS_LOAD_FAILED = 'Failed to load the credit alerts';
export const ALERTS_SAVE_FAILED = 'Failed to save the credit alerts';
export const POLICIES_LOAD_FAILED = 'Failed to load the session policies';
export const POLICIES_SAVE_FAILED = 'Failed to save the session policies';
export const SCIM_LOAD_FAILED = msg('Failed to load the provisioning settings');
export const SCIM_TOKEN_FAILED = msg('Failed to change the SCIM token');
export const SCIM_MAPPING_FAILED = msg('Failed to change the group mapping');
export const SSO_LOAD_FAILED = msg('Failed to load the single sign-on settings');
export const SSO_SAVE_FAILED = msg('Failed to save the single sign-on connection');
export const SSO_DELETE_FAILED = msg('Failed to delete the single sign-on connection');
export const SSO_TEST_FAILED = msg('Failed to start the test of the connection');
export const REQUIRE_SSO_FAILED = msg('Failed to change whether single sign-on is required');
