/** /sandbox/mail: the outbox, newest first, with the links of each mail clickable (all text escaped). */
import type { FastifyInstance } from 'fastify';
import { page } from '../http/html.js';
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
  app.get('/sandbox/mail', async (_request, reply) => {
    const mails = await newestMails(services.db, 100);
    const body = html`<h1>Mail outbox</h1>
      <p class="muted">Mail is kept here because SMTP_URL is not set. Newest first (last 100).</p>
      ${
        mails.length === 0
          ? html`<p>No mail yet.</p>`
          : mails.map(
              (mail) =>
                html`<article>
                  <h2 style="font-size:17px;margin-bottom:4px">${mail.subject}</h2>
                  <p class="muted">To ${mail.to_address} · ${new Date(mail.created_at).toISOString()}</p>
                  <pre>${linkify(mail.text_body)}</pre>
                </article>`,
            )
      }`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page('Mail outbox', body));
  });
}
