/** The `type` of the message the Google sign-in sandbox page posts to the button that opened it. */
export const GOOGLE_SANDBOX_MESSAGE = 'crm-sync:google-sandbox';
