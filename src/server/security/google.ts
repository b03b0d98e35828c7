/** Verifies Google ID tokens from the sign-in widget (signature, audience, expiry) with google-auth-library. */
import { OAuth2Client } from 'google-auth-library';

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  /**
   * Issued by this server's sign-in sandbox, which proves nothing about the address (anyone can ask it
   * for any address): such an identity never reaches an account it did not create.
   */
  sandbox?: boolean;
}

export interface GoogleVerifier {
  /** Throws when the token is not a valid ID token for our client id. */
  verify(idToken: string): Promise<GoogleIdentity>;
}

export function createGoogleVerifier(clientId: string): GoogleVerifier {
  const client = new OAuth2Client({ clientId });
  return {
    async verify(idToken) {
      const ticket = await client.verifyIdToken({ idToken, audience: clientId });
      const payload = ticket.getPayload();
      if (!payload?.sub || !payload.email) throw new Error('The Google token carries no account');
      return {
        sub: payload.sub,
        email: payload.email,
        emailVerified: payload.email_verified === true,
        name: payload.name ?? payload.email.split('@')[0]!,
      };
    },
  };
}
