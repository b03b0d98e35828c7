/** /sandbox/mail: the outbox, newest first, with the links of each mail clickable (all text escaped). */
import type { FastifyInstance } from 'fastify';
import { page } from '../http/html.js';
import { pageLanguage } from '../http/page-i18n.js';
import { html, SafeHtml } from '../security/html-escaping.js';
import { isOutboxMailer, newestMails } from '../mail/outbox.js';
import type { Services } from '../services.js';

/**
 * The outbox page shows every user's mails (live reset and invitation links), so it exists only on a
 * local or sandbox deployment: mail goes to the outbox and PUBLIC_URL is loopback or SANDBOX_PAGES=true.
 */
export function servesMailPage(services: Pick<Services, 'config' | 'mailer'>): boolean {
  return isOutboxMailer(services.mailer) && services.config.sandboxes;
}

/** Escapes the text and turns http(s) URLs into links; the URL itself is escaped in both places. */
export function linkify(text: string): SafeHtml {
  const parts = text.split(/(https?:\/\/[^\s<>"']+)/g);
  return html`${parts.map((part, i) => (i % 2 === 1 ? html`<a href="${part}">${part}</a>` : part))}`;
}

export function registerMailPage(app: FastifyInstance, services: Services) {
  // The page's words are in the visitor's language; the mails are stored data, shown as they were sent.
  app.get('/sandbox/mail', async (request, reply) => {
    const { locale, t, formats } = pageLanguage(request);
    const limit = 100;
    const mails = await newestMails(services.db, limit);
    const body = html`<h1>${t('Mail outbox')}</h1>
      <p class="muted">
        ${t('Mail is kept here because {setting} is not set. Newest first (last {count}).', {
          setting: 'SMTP_URL',
          count: limit,
        })}
      </p>
      ${
        mails.length === 0
          ? html`<p>${t('No mail yet.')}</p>`
          : mails.map(
              (mail) =>
                // The mails are written in English (mail/templates.ts): said so, for screen readers too.
                html`<article lang="en">
                  <h2 style="font-size:17px;margin-bottom:4px">${mail.subject}</h2>
                  <p class="muted">
                    ${t('To {address} · {time}', {
                      address: mail.to_address,
                      time: formats.dateTime(mail.created_at),
                    })}
                  </p>
                  <pre>${linkify(mail.text_body)}</pre>
                </article>`,
            )
      }`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(t('Mail outbox'), body, { locale }));
  });
}
