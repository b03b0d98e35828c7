/**
 * SAML 2.0 with @node-saml/node-saml (docs/product.md#single-sign-on): the identity provider's metadata
 * read (its sign-on URL and signing certificates), the AuthnRequest of a sign-in (HTTP-Redirect binding),
 * and the checks of the answer posted to /sso/saml/acs. The library checks the signature (of the response
 * or of its one assertion, against the metadata's certificates) and the audience (our entity ID); here the
 * rest it leaves to its caller: the destination and recipient (our ACS URL), the validity window (the
 * rules' clock, at most 2 minutes of skew) and what the answer is in response to. The adapter beside
 * sso/oidc.ts; the rules of who signs in are domain/sso-sign-in.ts.
 */
import {
  SsoRejected,
  SsoSetupError,
  SsoSignatureRejected,
  type SamlAssertion,
  type SamlClient,
  type SamlIdpMetadata,
  type SamlSettings,
} from './provider.js';
import { refusedAsNotPublic } from './public-fetch.js';

/** docs/product.md#single-sign-on: an identity provider's clock may be this far from ours. */
const CLOCK_SKEW_MS = 120 * 1000;
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
/** Where Okta, Entra ID, Google Workspace and others put the address when the NameID is not one. */
const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'emailaddress',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
const NAME_ATTRIBUTES = ['name', 'displayname', 'http://schemas.microsoft.com/identity/claims/displayname'];

/** The certificate's base64 without its armour or white space (how metadata and the library compare them). */
const bareCertificate = (text: string) =>
  text
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '')
    .trim();

/** What is read of the XML here (the server's TypeScript has no DOM types; the library's are xmldom's). */
interface XmlElement {
  getAttribute(name: string): string | null;
  textContent: string | null;
}
interface XmlDocument {
  documentElement: XmlElement;
}

const xmlTools = () => import('@node-saml/node-saml/lib/xml.js');

async function parsed(xml: string): Promise<XmlDocument> {
  const { parseDomFromString } = await xmlTools();
  return (await parseDomFromString(xml)) as XmlDocument;
}

/**
 * The identity provider's metadata: its entity ID, sign-on URL (HTTP-Redirect preferred, else HTTP-POST)
 * and signing certificates. Throws SsoSetupError with what is missing.
 */
async function parseIdpMetadata(xml: string): Promise<SamlIdpMetadata> {
  const { xpath } = await xmlTools();
  let doc: XmlDocument;
  try {
    doc = await parsed(xml);
  } catch {
    throw new SsoSetupError('it is not XML');
  }
  const descriptor = xpath.selectElements(
    doc,
    "//*[local-name()='EntityDescriptor'][*[local-name()='IDPSSODescriptor']]",
  )[0];
  const idp = descriptor
    ? xpath.selectElements(descriptor, "*[local-name()='IDPSSODescriptor']")[0]
    : undefined;
  if (!descriptor || !idp) throw new SsoSetupError('it describes no identity provider (IDPSSODescriptor)');
  const services = xpath.selectElements(idp, "*[local-name()='SingleSignOnService']");
  const service =
    services.find((one) => one.getAttribute('Binding') === REDIRECT_BINDING) ??
    services.find((one) => one.getAttribute('Binding') === POST_BINDING);
  const entryPoint = service?.getAttribute('Location')?.trim();
  if (!entryPoint) throw new SsoSetupError('it has no SingleSignOnService (HTTP-Redirect or HTTP-POST)');
  // Where the browser is sent: the rules' guard checks it (checkSamlMetadata, domain/sso-connections.ts).
  const certificates = xpath
    .selectElements(idp, "*[local-name()='KeyDescriptor'][not(@use) or @use='signing']")
    .flatMap((key) => xpath.selectElements(key, ".//*[local-name()='X509Certificate']"))
    .map((node) => bareCertificate(node.textContent ?? ''))
    .filter((one) => one !== '');
  if (certificates.length === 0) throw new SsoSetupError('it has no signing certificate');
  return {
    entityId: descriptor.getAttribute('entityID')?.trim() ?? '',
    entryPoint,
    certificates: [...new Set(certificates)],
  };
}

const pem = (bare: string) =>
  `-----BEGIN CERTIFICATE-----\n${bare.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----`;

async function samlOf(settings: SamlSettings, requestId?: string) {
  const { SAML, ValidateInResponseTo } = await import('@node-saml/node-saml');
  return new SAML({
    entryPoint: settings.idp.entryPoint,
    issuer: settings.entityId,
    audience: settings.entityId,
    callbackUrl: settings.acsUrl,
    idpCert: settings.idp.certificates.map(pem),
    identifierFormat: EMAIL_FORMAT,
    // Signed response or signed assertion, either will do (docs/product.md#single-sign-on).
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    // The window and InResponseTo are checked here, with the rules' clock and the sign-in's own row.
    acceptedClockSkewMs: -1,
    validateInResponseTo: ValidateInResponseTo.never,
    disableRequestedAuthnContext: true,
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
  });
}

/** The identity provider's URL of a new sign-in: an AuthnRequest `requestId` with `relayState`. */
async function samlAuthorizationUrl(
  settings: SamlSettings,
  requestId: string,
  relayState: string,
): Promise<string> {
  return (await samlOf(settings, requestId)).getAuthorizeUrlAsync(relayState, undefined, {});
}

const attr = (element: XmlElement | undefined, name: string) => element?.getAttribute(name)?.trim() || null;

function instant(value: string | null, what: string): Date | null {
  if (value === null) return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new SsoRejected('invalid', `${what} is not a time`);
  return at;
}

function firstText(profile: Record<string, unknown>, names: string[]): string | null {
  const lower = new Map(Object.entries(profile).map(([key, value]) => [key.toLowerCase(), value]));
  for (const name of names) {
    const value = lower.get(name.toLowerCase());
    const one = Array.isArray(value) ? (value as unknown[])[0] : value;
    if (typeof one === 'string' && one.trim() !== '') return one.trim();
  }
  return null;
}

/**
 * The answer posted to the ACS (`SAMLResponse`, base64), verified: signature and audience (the library),
 * destination and recipient, the validity window at `now`. Throws SsoRejected: `refused` when the
 * identity provider said no (its status), `invalid` when the answer does not verify.
 */
async function verifySamlResponse(
  settings: SamlSettings,
  samlResponse: string,
  now: Date,
): Promise<SamlAssertion> {
  const { SamlStatusError } = await import('@node-saml/node-saml');
  const saml = await samlOf(settings);
  let profile: Record<string, unknown> | null;
  try {
    ({ profile } = (await saml.validatePostResponseAsync({ SAMLResponse: samlResponse })) as {
      profile: Record<string, unknown> | null;
    });
  } catch (error) {
    if (error instanceof SamlStatusError) {
      // "SAML provider returned Responder error: AuthnFailed": the second-level code says the most.
      const said = /returned (\w+) error: (\w+)$/.exec(error.message);
      const status = said ? (said[2] === 'unspecified' ? said[1]! : said[2]!) : 'Responder';
      throw new SsoRejected('refused', status);
    }
    const said = error instanceof Error ? error.message : 'not a SAML response';
    throw /signature/i.test(said) ? new SsoSignatureRejected(said) : new SsoRejected('invalid', said);
  }
  if (!profile) throw new SsoRejected('invalid', 'no assertion');
  const { xpath, validateSignature } = await xmlTools();
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const doc = await parsed(xml);
  const response = doc.documentElement;
  // The library accepted exactly one assertion directly in the response: the one read here.
  const assertion = xpath.selectElements(doc, "/*[local-name()='Response']/*[local-name()='Assertion']")[0];
  if (!assertion) throw new SsoRejected('invalid', 'no assertion');
  const destination = attr(response, 'Destination');
  if (destination !== null && destination !== settings.acsUrl) {
    throw new SsoRejected('invalid', `destination ${destination} is not ${settings.acsUrl}`);
  }
  const confirmation = xpath.selectElements(
    assertion,
    "*[local-name()='Subject']/*[local-name()='SubjectConfirmation'][@Method='urn:oasis:names:tc:SAML:2.0:cm:bearer']/*[local-name()='SubjectConfirmationData']",
  )[0];
  const recipient = attr(confirmation, 'Recipient');
  if (recipient !== settings.acsUrl) {
    throw new SsoRejected('invalid', `recipient ${recipient ?? '(none)'} is not ${settings.acsUrl}`);
  }
  const conditions = xpath.selectElements(assertion, "*[local-name()='Conditions']")[0];
  const notBefore = instant(attr(conditions, 'NotBefore'), 'NotBefore');
  const notOnOrAfter = [
    instant(attr(conditions, 'NotOnOrAfter'), 'NotOnOrAfter'),
    instant(attr(confirmation, 'NotOnOrAfter'), 'SubjectConfirmationData NotOnOrAfter'),
  ].filter((at): at is Date => at !== null);
  if (notOnOrAfter.length === 0) throw new SsoRejected('invalid', 'the assertion has no NotOnOrAfter');
  const expiresAt = new Date(Math.min(...notOnOrAfter.map((at) => at.getTime())));
  if (notBefore && now.getTime() + CLOCK_SKEW_MS < notBefore.getTime()) {
    throw new SsoRejected('invalid', `not valid before ${notBefore.toISOString()}`);
  }
  if (now.getTime() - CLOCK_SKEW_MS >= expiresAt.getTime()) {
    throw new SsoRejected('invalid', `expired at ${expiresAt.toISOString()}`);
  }
  const inResponseTo = attr(response, 'InResponseTo');
  const confirmedFor = attr(confirmation, 'InResponseTo');
  if (confirmedFor !== null && confirmedFor !== inResponseTo) {
    throw new SsoRejected('invalid', 'the assertion answers another request than the response');
  }
  // The response's own InResponseTo counts only when the response itself is signed: around a signed
  // assertion anyone may wrap a response naming their own request (an IdP-initiated assertion, leaked).
  let responseSigned: boolean;
  try {
    responseSigned = validateSignature(xml, response as never, settings.idp.certificates.map(pem));
  } catch {
    responseSigned = false;
  }
  const assertionId = attr(assertion, 'ID');
  if (!assertionId) throw new SsoRejected('invalid', 'the assertion has no ID');
  const nameId = typeof profile.nameID === 'string' ? profile.nameID.trim() : '';
  if (!nameId) throw new SsoRejected('invalid', 'the assertion names nobody (no NameID)');
  const email =
    profile.nameIDFormat === EMAIL_FORMAT && nameId.includes('@')
      ? nameId
      : firstText(profile, EMAIL_ATTRIBUTES);
  return {
    identity: {
      subject: nameId,
      email,
      emailVerified: undefined,
      name:
        firstText(profile, NAME_ATTRIBUTES) ??
        ([firstText(profile, ['givenname', 'firstName']), firstText(profile, ['surname', 'lastName'])]
          .filter(Boolean)
          .join(' ') ||
          null),
    },
    inResponseTo: responseSigned ? inResponseTo : confirmedFor,
    assertionId,
    expiresAt,
  };
}

/** No read of a metadata URL holds a request longer than this. */
const FETCH_TIMEOUT_MS = 10_000;

/**
 * The metadata at `url`, read with `fetch` (the public-only one on a deployment) and parsed. Throws
 * SsoSetupError with why it cannot be used.
 */
async function fetchIdpMetadata(fetch: typeof globalThis.fetch, url: string): Promise<SamlIdpMetadata> {
  let xml: string;
  try {
    const answer = await fetch(url, {
      headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!answer.ok) throw new SsoSetupError(`its URL answered HTTP ${answer.status}`);
    xml = await answer.text();
  } catch (error) {
    if (error instanceof SsoSetupError) throw error;
    if (refusedAsNotPublic(error)) throw new SsoSetupError('its URL is not on the public internet');
    if (error instanceof DOMException) {
      throw new SsoSetupError(`its URL gave no answer within ${FETCH_TIMEOUT_MS / 1000} seconds`);
    }
    throw new SsoSetupError('its URL cannot be reached');
  }
  return parseIdpMetadata(xml);
}

/** The SAML adapter; `fetch` reads metadata URLs (the public-only one on a deployment). */
export function createSamlClient(fetch: typeof globalThis.fetch): SamlClient {
  return {
    metadata: (source) =>
      'url' in source ? fetchIdpMetadata(fetch, source.url) : parseIdpMetadata(source.xml),
    authorizationUrl: samlAuthorizationUrl,
    verify: verifySamlResponse,
  };
}
