/**
 * /support: the server's own contact-support form, the default target of 'Need help with your
 * billing?' (see support-form.ts for when it is on). A request is recorded in support_requests and
 * mailed to the support inbox (on a local install: the outbox at /sandbox/mail). Plain HTML, no script.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isEmailAddress } from '../../shared/email.js';
import { useFormPages } from '../http/form-pages.js';
import { page } from '../http/html.js';
import { html, type SafeHtml } from '../security/html-escaping.js';
import { pageText, requestLocale, type PageText } from '../http/page-i18n.js';
import { sessionUser } from '../http/session-user.js';
import { isOutboxMailer } from '../mail/outbox.js';
import { supportRequestMail } from '../mail/templates.js';
import { RATE_RULES } from '../security/rate-limit.js';
import { DomainError } from '../domain/errors.js';
import { permitMail } from '../mail/mail-limits.js';
import type { Services } from '../services.js';
import { SUPPORT_PATH, supportInbox } from './support-form.js';
import { limitedAddress } from '../../shared/ip-allow-list.js';

const MAX_MESSAGE_LENGTH = 5000;

/** The form's title (the page's <title> and its h1). */
const title = (t: PageText) => t('Billing support');

interface Draft {
  email: string;
  message: string;
}

/** What is wrong with a draft, by field, in the visitor's language; empty when it can be sent. */
function draftProblems(draft: Draft, t: PageText): Partial<Record<keyof Draft, string>> {
  const problems: Partial<Record<keyof Draft, string>> = {};
  if (!isEmailAddress(draft.email))
    problems.email = t('Enter the email address we should answer, like you@example.com.');
  if (draft.message === '') problems.message = t('Tell us how we can help.');
  else if (draft.message.length > MAX_MESSAGE_LENGTH)
    problems.message = t('Keep the message under {max} characters (it has {length}).', {
      max: MAX_MESSAGE_LENGTH,
      length: draft.message.length,
    });
  return problems;
}

export async function supportPlugin(app: FastifyInstance, options: { services: Services }) {
  const { services } = options;
  const { repos, mailer } = services;
  await useFormPages(app, services.config);
  const sandbox = () => isOutboxMailer(mailer);

  /** The page in the visitor's language (the language cookie, else Accept-Language). */
  function send(request: FastifyRequest, reply: FastifyReply, status: number, body: SafeHtml) {
    const locale = requestLocale(request);
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(title(pageText(locale)), body, { sandbox: sandbox(), locale }));
  }

  function form(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    draft: Draft,
    problems: Partial<Record<keyof Draft, string>> = {},
    failure?: string,
  ) {
    const t = pageText(requestLocale(request));
    return send(
      request,
      reply,
      status,
      html`<h1>${title(t)}</h1>
        <p>
          ${t('Tell us what is wrong with your subscription, seats or invoice, and we will answer by email.')}
        </p>
        ${failure ? html`<p class="error" role="alert">${failure}</p>` : ''}
        <form method="post" action="${SUPPORT_PATH}" novalidate>
          <label for="email">${t('Your email')}</label>
          <input
            id="email"
            name="email"
            type="email"
            autocomplete="email"
            required
            maxlength="254"
            value="${draft.email}"
            ${problems.email ? html`aria-invalid="true" aria-describedby="email-error"` : ''}
          />
          ${problems.email ? html`<p id="email-error" class="error">${problems.email}</p>` : ''}
          <label for="message">${t('How can we help?')}</label>
          <textarea
            id="message"
            name="message"
            rows="8"
            required
            maxlength="${MAX_MESSAGE_LENGTH}"
            ${problems.message ? html`aria-invalid="true" aria-describedby="message-error"` : ''}
          >
${draft.message}</textarea>
          ${problems.message ? html`<p id="message-error" class="error">${problems.message}</p>` : ''}
          <p><button type="submit">${t('Send request')}</button></p>
        </form>`,
    );
  }

  function unavailable(request: FastifyRequest, reply: FastifyReply) {
    const t = pageText(requestLocale(request));
    return send(
      request,
      reply,
      404,
      html`<h1>${title(t)}</h1>
        <p>${t('This server has no support form. Please contact the company that runs it.')}</p>`,
    );
  }

  /**
   * The confirmation's link names the request sealed by the server (authenticated encryption), so no
   * other link can show "your request #N reached our support team".
   */
  const sealSent = (id: number) => services.secretBox.seal({ supportRequest: id });
  function openSent(token: string | undefined): number | null {
    if (!token || token.length > 200) return null;
    try {
      const sent = services.secretBox.open<{ supportRequest?: unknown }>(token).supportRequest;
      return typeof sent === 'number' && Number.isInteger(sent) && sent > 0 ? sent : null;
    } catch {
      return null;
    }
  }

  app.get<{ Querystring: { sent?: string } }>(SUPPORT_PATH, async (request, reply) => {
    if (supportInbox(services) === null) return unavailable(request, reply);
    const t = pageText(requestLocale(request));
    const sent = openSent(request.query.sent);
    if (sent !== null) {
      // The link sits inside the sentence, wherever the language puts it.
      const [beforeLink, afterLink] = t(
        'This install keeps mail in the {outbox} instead of sending it.',
      ).split('{outbox}');
      return send(
        request,
        reply,
        200,
        html`<h1>${t('Request sent')}</h1>
          <p>
            ${t('Thank you: your request #{id} reached our support team. We will answer by email.', {
              id: String(sent),
            })}
          </p>
          ${
            sandbox()
              ? html`<p class="muted">
                  ${beforeLink}<a href="/sandbox/mail">${t('mail outbox')}</a>${afterLink}
                </p>`
              : ''
          }
          <p><a href="/dashboard/billing">${t('Back to billing')}</a></p>`,
      );
    }
    const user = await sessionUser(services, request);
    return form(request, reply, 200, { email: user?.email ?? '', message: '' });
  });

  app.post<{ Body: { email?: unknown; message?: unknown } }>(SUPPORT_PATH, async (request, reply) => {
    const inbox = supportInbox(services);
    if (inbox === null) return unavailable(request, reply);
    const t = pageText(requestLocale(request));
    const draft: Draft = {
      email: typeof request.body?.email === 'string' ? request.body.email.trim() : '',
      // Line breaks as the browser sends them (CRLF) read the same in every mail client as LF.
      message:
        typeof request.body?.message === 'string' ? request.body.message.replace(/\r\n/g, '\n').trim() : '',
    };
    const problems = draftProblems(draft, t);
    if (Object.keys(problems).length > 0) return form(request, reply, 400, draft, problems);

    const seal = await withinLimits(request, draft.email);
    if (!seal) {
      reply.header('retry-after', String(RATE_RULES.supportIp.windowSeconds));
      return form(
        request,
        reply,
        429,
        draft,
        {},
        t('You sent several requests in a short time. Please try again later.'),
      );
    }

    const user = await sessionUser(services, request);
    const id = await repos.supportRequests.record({
      userId: user?.id ?? null,
      email: draft.email,
      message: draft.message,
    });
    try {
      const account = user ? `${user.name} <${user.email}>, user ${user.id}` : null;
      await mailer.send(
        seal(supportRequestMail(inbox, { id, email: draft.email, message: draft.message, account })),
      );
    } catch (error) {
      // Nobody would read a request that was not mailed: forget it and let the sender try again.
      request.log.error({ err: error }, 'support request mail failed');
      await repos.supportRequests.forget(id);
      return form(
        request,
        reply,
        503,
        draft,
        {},
        t('We could not send your request just now. Please try again.'),
      );
    }
    return reply.redirect(`${SUPPORT_PATH}?sent=${encodeURIComponent(sealSent(id))}`, 303);
  });

  /** The permit to mail the request, or null past a limit (per IP, or per sender's address). */
  async function withinLimits(request: FastifyRequest, email: string) {
    if (!(await services.rateLimiter.hit(RATE_RULES.supportIp, limitedAddress(request.ip)))) return null;
    try {
      return await permitMail(services, { operationId: 'supportForm' }, 'supportRequest', email);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'rate-limited') return null;
      throw error;
    }
  }
}
