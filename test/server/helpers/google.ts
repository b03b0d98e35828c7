/** Google sign-in without Google: a verifier that believes the token's own words. */
import type { GoogleVerifier } from '../../../src/server/security/google.js';

export const GOOGLE_TEST_CLIENT_ID = 'test.apps.googleusercontent.com';

/**
 * 'valid:<email>' is that address, verified, with the Google account id sub-<email>;
 * 'unverified:<anything>' is an unverified address; any other token is refused.
 */
export const fakeGoogleVerifier: GoogleVerifier = {
  async verify(token) {
    if (token.startsWith('valid:')) {
      const email = token.slice('valid:'.length);
      return { sub: `sub-${email}`, email, emailVerified: true, name: 'Google User' };
    }
    if (token.startsWith('unverified:'))
      return { sub: 'u', email: 'u@example.com', emailVerified: false, name: 'U' };
    throw new Error('bad token');
  },
};
