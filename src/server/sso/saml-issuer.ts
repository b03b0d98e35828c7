/**
 * A SAML identity provider's half, for the identity-provider sandbox (sso/sandbox-provider.ts) and the
 * tests' identity provider: its metadata, the AuthnRequest it is sent (HTTP-Redirect binding), and the
 * Response it posts back, signed (the response, the assertion, or neither) with its key by
 * @node-saml/node-saml's own signing, so the sign-in checks it exactly as it checks Okta's or Entra's.
 */
import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const newId = () => `_${randomBytes(16).toString('hex')}`;

export interface SamlIssuerKeys {
  entityId: string;
  /** PKCS#8 PEM of the signing key. */
  privateKey: string;
  /** The signing key's certificate, DER as base64. */
  certificate: string;
}

/** The identity provider's metadata: its entity ID, sign-on URL (HTTP-Redirect) and signing certificate. */
export function issuerMetadata(
  keys: Pick<SamlIssuerKeys, 'entityId' | 'certificate'>,
  ssoUrl: string,
): string {
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${escape(keys.entityId)}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${keys.certificate}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>${EMAIL_FORMAT}</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${escape(ssoUrl)}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

/** What an AuthnRequest of the HTTP-Redirect binding asks: its ID and where the answer goes. */
export function readAuthnRequest(samlRequest: string): { id: string; acsUrl: string | null } | null {
  let xml: string;
  try {
    xml = inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8');
  } catch {
    return null;
  }
  if (!/<(\w+:)?AuthnRequest\b/.test(xml)) return null;
  const id = /<(?:\w+:)?AuthnRequest\b[^>]*\sID="([^"]+)"/.exec(xml)?.[1];
  const acsUrl = /<(?:\w+:)?AuthnRequest\b[^>]*\sAssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1];
  return id ? { id, acsUrl: acsUrl ?? null } : null;
}

export interface SamlAnswerOptions {
  /** Where the answer is posted (Destination and Recipient unless they are given apart). */
  acsUrl: string;
  audience: string;
  email: string;
  name?: string;
  /** The AuthnRequest answered; none for an answer sent unasked. */
  inResponseTo?: string;
  destination?: string;
  recipient?: string;
  now?: Date;
  /** How long the assertion holds (seconds). */
  validSeconds?: number;
  /** What is signed: the assertion (Okta's and Entra's default), the whole response, or nothing. */
  sign?: 'assertion' | 'response' | 'none';
  /** The NameID's format; an address then also goes in the `email` attribute. */
  nameIdFormat?: string;
  nameId?: string;
  /** A refusal (a StatusCode below Responder, like AuthnFailed) instead of an assertion. */
  refusal?: string;
  assertionId?: string;
}

const iso = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

async function signed(xml: string, what: 'Response' | 'Assertion', privateKey: string): Promise<string> {
  const { signXml } = await import('@node-saml/node-saml/lib/xml.js');
  const node =
    what === 'Response'
      ? "/*[local-name(.)='Response']"
      : "/*[local-name(.)='Response']/*[local-name(.)='Assertion']";
  return signXml(
    xml,
    node,
    { reference: `${node}/*[local-name(.)='Issuer']`, action: 'after' },
    { privateKey, signatureAlgorithm: 'sha256', digestAlgorithm: 'sha256' },
  );
}

/** The Response posted to the service provider's ACS, base64 (the `SAMLResponse` form field). */
export async function issueSamlResponse(keys: SamlIssuerKeys, options: SamlAnswerOptions): Promise<string> {
  const now = options.now ?? new Date();
  const until = new Date(now.getTime() + (options.validSeconds ?? 300) * 1000);
  const issuer = `<saml:Issuer>${escape(keys.entityId)}</saml:Issuer>`;
  const answers = options.inResponseTo ? ` InResponseTo="${escape(options.inResponseTo)}"` : '';
  const destination = escape(options.destination ?? options.acsUrl);
  const status = options.refusal
    ? `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder"><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:${escape(options.refusal)}"/></samlp:StatusCode></samlp:Status>`
    : '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>';
  const attribute = (name: string, value: string) =>
    `<saml:Attribute Name="${name}"><saml:AttributeValue>${escape(value)}</saml:AttributeValue></saml:Attribute>`;
  const assertion = options.refusal
    ? ''
    : `<saml:Assertion ID="${options.assertionId ?? newId()}" Version="2.0" IssueInstant="${iso(now)}">${issuer}<saml:Subject><saml:NameID Format="${escape(options.nameIdFormat ?? EMAIL_FORMAT)}">${escape(options.nameId ?? options.email)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${iso(until)}" Recipient="${escape(options.recipient ?? options.acsUrl)}"${answers}/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${iso(now)}" NotOnOrAfter="${iso(until)}"><saml:AudienceRestriction><saml:Audience>${escape(options.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${newId()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${attribute('email', options.email)}${options.name ? attribute('name', options.name) : ''}</saml:AttributeStatement></saml:Assertion>`;
  let xml = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${newId()}" Version="2.0" IssueInstant="${iso(now)}" Destination="${destination}"${answers}>${issuer}${status}${assertion}</samlp:Response>`;
  const sign = options.sign ?? 'assertion';
  if (sign === 'assertion' && assertion) xml = await signed(xml, 'Assertion', keys.privateKey);
  if (sign === 'response') xml = await signed(xml, 'Response', keys.privateKey);
  return Buffer.from(xml, 'utf8').toString('base64');
}
