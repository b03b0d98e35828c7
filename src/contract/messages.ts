/**
 * Every message the server sends a user (the error envelope's and a success answer's `message`), by a
 * stable code: the code and its params travel with the English sentence (`{ message, code, params }`),
 * so a client renders the message in its own language by code (the SPA: i18n/zh-CN/server-codes.ts) and
 * a program decides by code, never by the wording. The English templates are the product's exact texts
 * (docs/product.md#error-texts): rewording one changes only its line here.
 *
 * Written by hand (not generated): openapi.yaml's `MessageCode` enum lists the same codes, with these
 * texts as their descriptions (test/server/message-codes.test.ts holds the two together). How to add a
 * message: docs/architecture.md#messages-by-code.
 */
export const MESSAGES = {
  account_busy: 'Too many calls for this account at once. Please try again in a moment.',
  account_created: 'Account created.',
  account_exists: 'An account with this email already exists. Please log in.',
  account_exists_use_password:
    'An account with this email already exists. Please log in with your email and password.',
  account_not_found: 'Account not found',
  add_seats_with_buy_seats: 'To add seats, use "Buy seats" on the billing page.',
  address_not_at_domain: 'The address must be at {domain}.',
  address_not_confirmed:
    'This email address is not confirmed yet: open the invitation mailed to it to join the organization.',
  admin_only: 'Only an organization admin can do this.',
  admin_role_unchangeable: 'The admin role cannot be changed.',
  already_belong_another_organization: 'You already belong to another organization.',
  already_belong_organization: 'You already belong to an organization.',
  already_member_of_organization: 'You are already a member of this organization.',
  api_key_fields_missing: 'Please fill in every API key field.',
  audit_retention_saved: 'Audit log entries are now kept for {days} days.',
  audit_stream_address_not_allowed:
    '{host} is a private or local address: the endpoint must be reachable from the internet.',
  audit_stream_created: 'Streaming is on. Copy the signing secret now: it is shown only once.',
  audit_stream_host_unknown: '{host} could not be found. Check the address of the endpoint.',
  audit_stream_not_found: 'No SIEM endpoint is set up.',
  audit_stream_removed: 'Streaming is off: the SIEM endpoint was removed.',
  audit_stream_saved: 'The SIEM endpoint was saved.',
  audit_stream_secret_rotated:
    'New signing secret created. Copy it now: the previous one keeps signing beside it for 24 hours.',
  audit_stream_test_delivered: 'The test event was delivered (HTTP {status}).',
  audit_stream_test_refused: 'The test event was not accepted: the endpoint answered HTTP {status}.',
  audit_stream_test_timeout:
    'The test event was not delivered: the endpoint did not answer within {seconds} seconds.',
  audit_stream_test_unreachable: 'The test event was not delivered: could not connect to {host}.',
  audit_stream_url_credentials:
    'Leave the user name and password out of the address: deliveries are signed instead.',
  audit_stream_url_invalid:
    'Enter the full address of the endpoint, such as https://siem.example.com/ingest.',
  audit_stream_url_not_https: 'The endpoint must be an https:// address.',
  authorization_code_invalid: 'The authorization code is invalid or has expired. Please connect again.',
  authorization_code_other_account: 'This authorization code was issued to another account.',
  bad_request: 'Bad request.',
  billing_admin_cap_protected: "Only the billing admin can change the billing admin's monthly cap.",
  billing_admin_plan_protected: "Only the billing admin can change the billing admin's plan.",
  billing_admin_sessions_protected: "Only the billing admin can end the billing admin's sessions.",
  billing_by_billing_admin: "Billing is handled by your organization's billing admin.",
  billing_manager_no_seat: 'A billing manager uses no seat: set the product to Free.',
  billing_portal_failed: 'Could not load billing portal URL',
  body_empty: 'The JSON body is empty.',
  body_invalid: 'The request body is not valid.',
  body_length_mismatch: 'The request body does not match its Content-Length.',
  body_not_json: 'The request body is not valid JSON.',
  body_not_object: 'The request body must be a JSON object.',
  body_required: 'A JSON body is required.',
  body_too_large: 'The request body is too large.',
  body_unknown_field: 'The request body has a field this request does not take ({label}).',
  cannot_invite_yourself: 'You cannot invite yourself.',
  cannot_remove_admin: 'Cannot remove admin',
  cap_reached: 'You reached your monthly cap of {cap} credits. Ask your organization admin to raise it.',
  checkout_created: 'Checkout created.',
  checkout_failed: 'Failed to create checkout session',
  checkout_session_cancelled: 'This checkout session was cancelled.',
  checkout_organization_changed:
    'This checkout was opened before you joined or left an organization: please start a new one.',
  checkout_session_not_found: 'Checkout session not found',
  choice_not_allowed: '{field} must be one of {allowed}.',
  choice_not_allowed_connect_again: '{field} must be one of {allowed}. Please connect again.',
  connection_details_missing: 'Please fill in the connection details first.',
  credit_pack_unknown: 'This credit pack does not exist.',
  credit_requests_off:
    "Your organization's admins turned off requests for credits here: ask one of them directly.",
  credit_settings_saved: 'Credit alerts and the default cap were saved.',
  credits_granted_many: 'Granted {total} credits to {count} members.',
  credits_granted_one: 'Granted {total} credits to {member}.',
  credits_requested: 'Your admins were asked for credits.',
  credits_taken_back_many: 'Took back {total} credits from {count} members.',
  credits_taken_back_one: 'Took back {total} credits from {member}.',
  crm_disconnected: 'You have been disconnected from your CRM.',
  crm_error_status: '{crm} answered an error ({status}).',
  crm_no_api_keys: '{crm} does not connect with API keys.',
  crm_no_token_url: '{crm} has no OAuth token URL configured.',
  crm_not_configured:
    '{crm} is not configured on this server: set {prefix}_CLIENT_ID and {prefix}_CLIENT_SECRET.',
  crm_rate_limited: '{crm} is busy. Please try again in {seconds} seconds.',
  crm_reconnect: '{crm} no longer accepts this connection. Please connect {crm} again.',
  crm_refused_authorization_code: '{crm} refused the authorization code.',
  crm_refused_credentials: 'Verification failed: {crm} refused these credentials.',
  crm_refused_field: '{crm} refused the field "{field}": {reason}.',
  crm_sync_not_connected: 'Connect {crm} first.',
  crm_sync_unsupported: 'Syncing profiles to {crm} is not available on this server yet.',
  crm_unknown_field: 'Unknown field "{field}" for {crm}.',
  crm_unreachable: 'Could not reach {crm}. Please try again later.',
  crm_untrusted_host:
    '{crm} named {host} as its API address, which is not one of its own. Nothing was saved: please connect {crm} again.',
  crm_uses_api_key: '{crm} connects with an API key, not OAuth.',
  crm_uses_oauth: '{crm} connects with OAuth, not an API key.',
  cross_site_request_refused: 'Cross-site request refused.',
  current_password_wrong: 'Your current password is not correct.',
  dates_invalid: 'Pick real dates (YYYY-MM-DD).',
  demo_crm_key_invalid: 'Verification failed: Demo CRM API keys start with "demo_".',
  dns_domain_required: 'Enter your company domain first to get its TXT record.',
  dns_record_mismatch:
    '{domain} has TXT records, but none is ours. Check that the value was copied exactly, then try again.',
  dns_record_missing:
    'No TXT record was found at {domain}. Add the record, wait a few minutes for DNS to update, then try again.',
  dns_record_to_add: 'Add this TXT record at {domain}, then select Verify.',
  dns_unanswered: 'DNS did not answer for {domain}. Try again in a few minutes.',
  domain_code_burnt:
    'Too many wrong codes: this verification code no longer works. Start the verification again to get a new code.',
  domain_code_sent: 'We sent a verification code to {email}.',
  domain_code_wrong: 'This verification code is wrong or has expired. Start the verification again.',
  domain_free_mail:
    'Free email providers such as gmail.com or outlook.com cannot be verified: use your company domain.',
  domain_invalid: 'Enter a domain name such as acme.com.',
  domain_join_automatic: 'People who sign up at your company domain now join automatically as Free members.',
  domain_join_by_request: 'People who sign up at your company domain now request to join.',
  domain_not_verified: 'Verify your company domain first.',
  domain_taken: '{domain} is already verified by another organization.',
  domain_verified: '{domain} is verified.',
  email_cap_reached:
    'You reached your monthly cap of {cap} credits on email lookups. Ask your organization admin to raise it.',
  email_invalid: 'Not a valid email address.',
  field_above_maximum: '{label} must be at most {limit}.',
  field_bad_format: '{label} is not in the expected format.',
  field_below_minimum: '{label} must be at least {limit}.',
  field_invalid: '{label} is not valid.',
  field_missing: 'Please fill in "{field}".',
  field_not_above_limit: '{label} must be more than {limit}.',
  field_not_allowed_value: '{label} must be {allowed}.',
  field_not_below_limit: '{label} must be less than {limit}.',
  field_not_boolean: '{label} must be true or false.',
  field_not_crm_identifier:
    '{label} must be a CRM identifier such as demo-crm (lowercase letters, digits and hyphens).',
  field_not_email: '{label} must be a valid email address, like name@example.com.',
  field_not_integer: '{label} must be a whole number.',
  field_not_list: '{label} must be a list.',
  field_not_number: '{label} must be a number.',
  field_not_object: '{label} must be an object.',
  field_not_plan: '{label} must be Free, Standard or Pro.',
  field_not_text: '{label} must be text.',
  field_not_valid_value: '{label} must be a valid value.',
  field_required: '{label} is required.',
  field_too_few_items: '{label} must have at least {count} items.',
  field_too_few_items_one: '{label} must have at least 1 item.',
  field_too_long: '{label} must be at most {count} characters long.',
  field_too_long_one: '{label} must be at most 1 character long.',
  field_too_many_items: '{label} must have at most {count} items.',
  field_too_many_items_one: '{label} must have at most 1 item.',
  field_too_short: '{label} must be at least {count} characters long.',
  forbidden: 'You are not allowed to do this.',
  google_account_sandbox_cannot_sign_in:
    'This account signs in with Google, which this server\'s sign-in sandbox cannot do. Log in with your email and password, or set a password with "Forgot password?".',
  google_auth_failed: 'Google auth failed',
  google_email_unverified: 'Your Google account email is not verified.',
  google_login_failed: 'Google login failed',
  google_not_configured: 'Google sign-in is not configured on this server (GOOGLE_CLIENT_ID is not set).',
  grant_key_reused: 'This idempotency_key was already used for another grant or take-back.',
  grant_key_undone:
    "This idempotency_key's grant or take-back was reversed since: send a new key for a new move.",
  idempotency_conflict: 'This idempotency_key was already used for another spend.',
  idempotency_key_refunded: "This idempotency_key's spend was refunded: send a new key for a new lookup.",
  insufficient_credits: 'Not enough credits: buy a credit pack or upgrade your plan.',
  insufficient_credits_ask_admin: 'Not enough credits: ask your organization admin for more.',
  internal_error: 'Something went wrong',
  invalid_credentials: 'Invalid email or password.',
  invalid_webhook_signature: 'Invalid webhook signature.',
  invitation_invalid: 'Invalid or expired invitation',
  invitation_mail_failed:
    'Failed to send invitation: the mail could not be delivered. Try "Resend invite" later.',
  invitation_mail_failed_ask_admin:
    'The invitation could not be mailed to you. Ask an admin of the organization to resend it.',
  invitation_mail_failed_resend:
    'The invitation could not be mailed: try "Resend invite" on the Organization page later.',
  invitation_mailed_to_confirm: 'We sent an invitation to {email}: open it to join {organization}.',
  invitation_not_found: 'Invitation not found',
  invitation_other_address: 'This invitation was sent to another email address: sign up with that address.',
  invitation_pending_resend: 'An invitation is already pending for this email. Use "Resend invite".',
  invitation_resent: 'Invitation resent successfully!',
  invitation_revoked: 'The invitation to {email} was revoked.',
  invitation_rows_valid: '{valid} of {total} rows will be sent.',
  invitation_sent: 'Invitation sent to {email}.',
  invitation_valid: 'The invitation is valid.',
  invitations_sent: '{sent} invitations sent, {refused} refused.',
  invitations_sent_one: '{sent} invitation sent, {refused} refused.',
  invite_link_created: 'Invitation link created. Copy it now: it is shown only once.',
  invite_link_expired: 'This invitation link has expired. Ask an admin of the organization for a new one.',
  invite_link_needs_domain: 'Verify your company domain before creating an invitation link.',
  invite_link_revoked: 'This invitation link was revoked. Ask an admin of the organization for a new one.',
  invite_link_revoked_now: 'The invitation link was revoked: it no longer works.',
  invite_link_unknown: 'This invitation link does not exist. Check that you copied all of it.',
  invite_link_wrong_domain:
    "This invitation link is only for addresses at the organization's verified domain.",
  invitee_already_member: 'This person is already a member of your organization.',
  ip_allow_list_entry_invalid:
    '"{entry}" is not an IP address or a CIDR range (such as 203.0.113.7 or 203.0.113.0/24).',
  ip_allow_list_locks_you_out:
    'This list does not include your current address {ip}: saving it would lock you out. Add your address or a range that contains it.',
  ip_not_allowed:
    'Your organization allows access only from its approved networks, and your address {ip} is not one of them. Connect from your company network or ask your organization admin.',
  join_request_declined: 'The request of {email} was declined.',
  join_request_gone: 'This request to join has expired or was already answered.',
  join_request_not_found: 'Request not found',
  join_request_sent: 'Your request was sent to the admins of {organization}.',
  join_request_sent_confirm_address:
    'Your request was sent to the admins of {organization}. Once one approves it, we will mail an invitation to {email}: open it to join.',
  join_request_waiting: 'Your request to join is already waiting for an admin.',
  joined_organization: 'You joined {organization}.',
  joined_organization_free: 'You joined {organization} as a Free member.',
  joined_without_seat:
    'You joined {organization} on the Free plan: no {plan} seat was free. Your admin can give you one once a seat is free.',
  listed_twice: 'Listed more than once.',
  mail_failed: 'The mail could not be delivered. Try again later.',
  member_not_found: 'User not found in your organization',
  member_removed: 'The member was removed from the organization.',
  member_sessions_signed_out: 'Every session of {email} was signed out.',
  member_updated: 'The member was updated.',
  monthly_cap_removed: 'Monthly cap removed for {member}.',
  monthly_cap_removed_many: 'Monthly cap removed for {count} members.',
  monthly_cap_set: 'Monthly cap set for {member}.',
  monthly_cap_set_many: 'Monthly cap set for {count} members.',
  name_missing: 'Please enter your name.',
  name_required: 'Name is required.',
  no_billing_account: 'There is no billing account yet: buy a plan first.',
  no_checkout_url_returned: 'No checkout URL returned',
  no_fields_taken: 'This request takes no fields.',
  no_invitation_token_provided: 'No invitation token provided.',
  no_invite_link: 'There is no invitation link to revoke.',
  no_organization: 'You are not part of an organization.',
  no_organization_for_domain: 'No organization has verified the domain of your email address.',
  no_other_admin_to_ask: 'Your organization has no other admin to ask for credits.',
  no_reset_token_provided: 'No reset token provided.',
  no_seat_available: 'No {plan} seats available. Buy more seats first.',
  no_seats_to_change: 'There are no seats to change: buy seats first.',
  no_team_pool: 'You have no team pool: it belongs to an organization.',
  not_enough_unused: '{member} has {unused} unused granted credits: {amount} cannot be taken back.',
  not_found: 'Not found',
  not_signed_in: 'You are not signed in.',
  nothing_to_take_back: 'No unused granted credits to take back.',
  nul_character: 'The request contains a NUL character (\\u0000), which is not allowed.',
  oauth_token_missing: 'Missing OAuth access token: please connect again.',
  oauth_token_not_yours: 'Verification failed: this access token is not a connection of your account.',
  organization_connection_admin_only: 'Only an admin can choose an organization-wide connection.',
  organization_name_invalid: 'Enter a name for your organization (1 to 100 characters).',
  organization_renamed: 'Your organization is now called {organization}.',
  other_session_signed_out: 'Signed out 1 other session.',
  other_sessions_signed_out: 'Signed out {count} other sessions.',
  own_address_not_at_domain:
    'Your address is not at {domain}: enter an address at {domain} to send the code to.',
  own_plan_blocks_joining:
    'You pay for a plan of your own: cancel it in the billing portal before joining an organization.',
  password_changed: 'Your password was changed. Your other sessions were signed out.',
  password_not_set_google_account:
    'Your account signs in with Google: set a password with "Forgot password" first.',
  password_reset: 'Your password has been reset. Please log in.',
  password_too_weak:
    'Please pick a stronger password (it must have 8+ characters and include 1+ lowercase, 1+ uppercase, 1+ digit, 1+ symbol).',
  password_too_weak_medium:
    'Please pick a stronger password (at least Medium) - requires at least 8 characters, 1 lowercase letter, 1 uppercase letter, 1 digit, and 1 symbol.',
  password_wrong: 'Your password is not correct.',
  payments_unavailable: 'Payments are not available on this server yet. Please try again later.',
  period_reversed: 'The period ends before it starts.',
  period_start_after_end: 'The start of the period must be before its end.',
  period_too_long: 'Pick a period of at most {days} days.',
  phone_cap_reached:
    'You reached your monthly cap of {cap} credits on phone lookups. Ask your organization admin to raise it.',
  plan_needs_no_checkout: 'The {plan} plan needs no checkout.',
  plan_unknown: 'This plan no longer exists.',
  pool_insufficient: 'The team pool has {pool} credits: {needed} are needed.',
  price_unknown: 'Unknown price: please pick a plan on the pricing page.',
  profile_updated: 'Profile updated successfully!',
  query_invalid: 'The query string is not valid.',
  query_not_object: 'The query string must be a JSON object.',
  query_unknown_field: 'The query string has a field this request does not take ({label}).',
  requester_has_organization: '{email} already belongs to an organization.',
  requester_invited_to_confirm:
    '{email} has not confirmed this address yet: we mailed them an invitation, and they join your organization as a Free member once they open it.',
  requester_joined: '{email} joined your organization as a Free member.',
  reset_link_invalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  reset_link_sent:
    "If your account exists, you'll receive an email with a link to reset your password (expires in 24 hours).",
  reset_link_valid: 'This reset link is valid.',
  role_not_grantable: 'You cannot give this role.',
  saved: 'Saved.',
  scim_admin_not_deprovisioned:
    'An admin of the organization is not deprovisioned over SCIM: change their role first.',
  scim_body_invalid: 'The request is not valid SCIM: {reason}',
  scim_filter_unsupported:
    'Only filters of the form userName eq "..." (or externalId, emails.value, displayName) are supported.',
  scim_group_exists: 'A group with this displayName exists already.',
  scim_mapping_not_found: 'Group mapping not found.',
  scim_mapping_one_target: 'Map the group to either a role or a product.',
  scim_mapping_removed: 'Group mapping removed.',
  scim_mapping_saved: 'Group mapping saved.',
  scim_needs_domain: 'Verify your company domain by DNS before connecting an identity provider.',
  scim_needs_verified_domain:
    'The organization has no company domain verified by DNS: no user can be provisioned.',
  scim_not_found: 'Resource not found.',
  scim_patch_invalid: 'PATCH operation {index} is not valid: {reason}',
  scim_remove_needs_target:
    'A remove of members needs a member filter or a list of members: the group is not emptied.',
  scim_token_created: 'SCIM token created. Copy it now: it is shown only once.',
  scim_token_invalid: 'The bearer token is missing, wrong, expired or revoked.',
  scim_token_not_found: 'SCIM token not found.',
  scim_token_revoked: 'The SCIM token was revoked: it no longer works.',
  scim_token_rotated: 'New SCIM token created. Copy it now: the previous one keeps working for 24 hours.',
  scim_user_exists: 'A user with this userName exists already.',
  scim_user_inactive:
    'The organization’s identity provider has turned off access for {email}: only it can let them in again.',
  scim_user_not_at_domain: "userName must be an address at {domain}, the organization's verified domain.",
  scim_user_other_organization: 'This address belongs to a member of another organization.',
  seat_already_held: '{member} already holds a {plan} seat.',
  seat_counts_invalid: 'Enter whole numbers of seats, 0 or more.',
  seat_move_free_plan: 'Choose Standard or Pro: a Free plan uses no seat.',
  seat_move_same_member: 'Choose another member to give the seat to.',
  seat_moved: 'The {plan} seat of {from} now belongs to {to}.',
  seat_not_held: '{member} does not hold a {plan} seat.',
  seats_added: 'Seats added.',
  seats_held_by_members:
    'Members hold {count} {plan} seats: set some of them to Free before going below that.',
  seats_missing: 'Please select at least one seat.',
  service_unavailable: 'The service is briefly unavailable. Please try again in a moment.',
  session_already_ended: 'This session has already ended.',
  session_idle_timeout:
    'You were signed out after {minutes} minutes without activity, as your organization requires. Please log in again.',
  session_lifetime_reached:
    'Your organization ends sessions after {minutes} minutes, and yours has reached that limit. Please log in again.',
  session_policies_saved: 'The session and network policies were saved.',
  session_signed_out: 'The session was signed out.',
  sign_in_expired: 'Your sign-in has expired. Please log in again.',
  signed_in: 'Signed in.',
  signed_out: 'Signed out.',
  software_not_found: 'Software not found',
  spend_not_found: 'Spend not found',
  sso_account_unproven:
    'An account with {email} already exists, but its address was never confirmed. Log in with its password (or reset it from the link we mail you), then use single sign-on.',
  sso_address_invalid:
    'Enter your work email address or your company domain, like name@company.com or company.com.',
  sso_break_glass_needs_two_factor:
    'Your organization requires single sign-on. As its billing admin you may still sign in with your password, but only with two-factor sign-in, which your account has not set up. Use "Sign in with SSO", then set up two-factor sign-in in Settings.',
  sso_client_secret_required: 'Enter the client secret your identity provider gave you.',
  sso_connection_deleted: 'The single sign-on connection was deleted.',
  sso_connection_not_found: 'No single sign-on connection is set up.',
  sso_connection_saved: 'The single sign-on connection was saved. Test it to make sure it works.',
  sso_connection_tested: 'The connection works: {email} signed in through your identity provider.',
  sso_discovery_failed:
    'Could not read the OpenID configuration of {issuer}: {reason}. Check the issuer URL.',
  sso_email_missing:
    'Your identity provider did not say which email address you sign in with. Ask your organization admin to send the email claim.',
  sso_email_not_at_domain: 'Your identity provider signed in {email}, which is not an address at {domain}.',
  sso_email_unverified: 'Your identity provider says {email} is not verified, so you were not signed in.',
  sso_identity_rejected:
    "Your identity provider's answer could not be verified, so you were not signed in. Please try again; if it keeps happening, ask your organization admin to test the single sign-on connection.",
  sso_issuer_invalid: 'The issuer must be an https:// URL, like https://your-company.okta.com.',
  sso_needs_domain: 'Verify your company domain by DNS before setting up single sign-on.',
  sso_not_configured:
    'No single sign-on is set up for {domain}. Log in with your email and password, or ask your organization admin.',
  sso_oidc_fields_required: 'Enter the issuer URL and the client ID.',
  sso_other_organization:
    '{email} belongs to another organization, so it cannot sign in through this single sign-on.',
  sso_provider_refused:
    'Your identity provider did not sign you in ({error}). Please try again, or ask your organization admin.',
  sso_provider_unreachable: 'Your identity provider did not answer. Please try again in a few minutes.',
  sso_require_needs_recent_sign_in:
    'Sign in through your identity provider first: within the last hour, sign in with SSO, or test the connection signing in with your own address. This proves you can still get in once single sign-on is required.',
  sso_require_needs_test:
    'Test the connection before requiring single sign-on: "Test connection" must have worked since its last change.',
  sso_require_off:
    'Single sign-on is no longer required: members at {domain} may sign in with their passwords or Google again.',
  sso_require_on:
    'Single sign-on is now required for addresses at {domain}. Sessions signed in otherwise were ended: {sessions}.',
  sso_required: 'Your organization requires single sign-on for {email}. Use "Sign in with SSO" instead.',
  sso_required_session_ended:
    'Your organization now requires single sign-on, so this session was ended. Please use "Sign in with SSO".',
  sso_saml_entity_id_missing:
    'The SAML metadata names no identity provider (its EntityDescriptor has no entityID). Download it again from your identity provider.',
  sso_saml_metadata_invalid: 'The SAML metadata is not usable: {reason}.',
  sso_saml_metadata_required: "Give your identity provider's SAML metadata: its URL or its XML.",
  sso_saml_not_available:
    'This single sign-on connection cannot start a SAML sign-in until it is saved again: ask your organization admin to save it.',
  sso_saml_unsolicited:
    'Your identity provider sent a sign-in nobody started here. Please start with "Sign in with SSO".',
  sso_sign_in_expired:
    'This single sign-on attempt has expired or was already used. Please start again with "Sign in with SSO".',
  stripe_cancel_failed: 'Stripe did not cancel the replaced subscription.',
  stripe_invoices_failed: 'Could not read the invoices from Stripe.',
  stripe_seats_failed:
    'Stripe did not change the seats: the payment may have been declined. Nothing was charged.',
  stripe_signature_missing: 'Missing Stripe-Signature header.',
  stripe_subscription_failed: 'Could not read the subscription from Stripe.',
  stripe_subscription_unknown: 'Stripe does not know this subscription.',
  subscription_already_active:
    'You already have an active subscription: change your plan in the billing portal (Manage Subscription on the billing page) instead of buying a second one.',
  subscription_not_found: 'Subscription not found',
  successfully_connected: 'Successfully connected.',
  sync_field_twice: '"{field}" is mapped twice.',
  sync_key_twice: 'The duplicate key "{key}" is listed twice.',
  sync_object_unsupported: '{crm} has no {object} object.',
  sync_owner_missing: 'Name the CRM user who owns new records.',
  sync_settings_saved: 'Sync settings were saved.',
  too_many_attempts: 'Too many attempts, please try again later.',
  too_many_sign_in_attempts: 'Too many sign-in attempts for this account. Try again in a minute.',
  two_factor_already_off: 'Two-factor sign-in is already off.',
  two_factor_already_on: 'Two-factor sign-in is already on.',
  two_factor_code_invalid: 'That code is not valid. Try again.',
  two_factor_code_needed: 'Enter the code from your authenticator app.',
  two_factor_needs_password:
    'Set a password first (with "Forgot password"): two-factor sign-in protects password sign-ins.',
  two_factor_off: 'Two-factor sign-in is off. Your other sessions were signed out.',
  two_factor_on: 'Two-factor sign-in is on. Your other sessions were signed out.',
  two_factor_required: 'Your organization requires two-factor sign-in: set it up in Settings to continue.',
  two_factor_requirement_needs_organization:
    'Invite someone first: the requirement applies to an organization.',
  two_factor_requirement_off: 'Two-factor sign-in is no longer required in your organization.',
  two_factor_requirement_on: 'Two-factor sign-in is now required in your organization.',
  two_factor_setup_code_invalid: 'That code is not valid. Check the time of your device and try again.',
  two_factor_setup_missing: 'Start the set-up again: no secret is waiting.',
  unknown_role: 'Unknown role.',
  unsupported_content_type: 'Unsupported content type: send application/json.',
} as const;

export type MessageCode = keyof typeof MESSAGES;

/** The `{name}` placeholders of a template, as a union of names. */
type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

export type MessageParams = Record<string, string | number>;

/** A message as the server sends it: the English sentence, its code and the values put into it. */
export interface Message {
  message: string;
  code: MessageCode;
  params: MessageParams;
}

/** A code's values: none for a sentence without placeholders, else every placeholder's. */
type ParamsOf<C extends MessageCode> = [Placeholders<(typeof MESSAGES)[C]>] extends [never]
  ? []
  : [params: Record<Placeholders<(typeof MESSAGES)[C]>, string | number>];

/** `template` with each `{name}` replaced by its value (in one pass: a value's own braces stay as they are). */
export function fillTemplate(template: string, params: MessageParams): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** The message of `code` with its values: `message('domain_verified', { domain })`. */
export function message<C extends MessageCode>(code: C, ...[params]: ParamsOf<C>): Message {
  const values: MessageParams = params ?? {};
  return { message: fillTemplate(MESSAGES[code], values), code, params: values };
}
