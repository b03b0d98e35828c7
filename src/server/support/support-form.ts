/**
 * Where the billing views' 'Need help with your billing?' link goes (docs/product.md#the-billing-help-link: "an external
 * contact-support form"), decided in this one place:
 * 1. SUPPORT_FORM_URL when it is set (the deployment's help desk).
 * 2. Otherwise the server's own form at /support, but only when someone will read what it sends: its
 *    requests are recorded and mailed to the support inbox, so either mail is delivered (SMTP_URL) to
 *    SUPPORT_EMAIL, or mail stays in the outbox and the outbox page is served (a local install).
 * 3. Otherwise nowhere: the link is hidden rather than leading to a form whose requests nobody reads.
 */
import { servesMailPage } from '../sandbox/mail-page.js';
import { isOutboxMailer } from '../mail/outbox.js';
import type { Services } from '../services.js';

export const SUPPORT_PATH = '/support';

/** The inbox of a local install, where nothing is delivered: the address only labels the outbox entry. */
const LOCAL_SUPPORT_INBOX = 'support@localhost';

type SupportServices = Pick<Services, 'config' | 'mailer'>;

/** The address the server's own form sends requests to, or null when that form is off. */
export function supportInbox(services: SupportServices): string | null {
  const { config, mailer } = services;
  if (config.supportFormUrl) return null;
  if (!isOutboxMailer(mailer)) return config.supportEmail ?? null;
  // Mail kept in the outbox is read on /sandbox/mail only: the same gate as that page.
  return servesMailPage(services) ? (config.supportEmail ?? LOCAL_SUPPORT_INBOX) : null;
}

/** The URL the SPA links to (served in /app-config.js), or null: the link is hidden. */
export function supportFormUrl(services: SupportServices): string | null {
  if (services.config.supportFormUrl) return services.config.supportFormUrl;
  return supportInbox(services) === null ? null : `${services.config.publicUrl}${SUPPORT_PATH}`;
}
