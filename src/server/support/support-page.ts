/**
 * /support: the server's own contact-support form, the default target of 'Need help with your
 * billing?' (see support-form.ts for when it is on). A request is recorded in support_requests and
 * mailed to the support inbox (on a local install: the outbox at /sandbox/mail). Plain HTML, no script.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isMailAddress } from '../config.js';
import { useFormPages } from '../http/form-pages.js';
import { html, page, type SafeHtml } from '../http/html.js';
import { sessionUser } from '../http/session-user.js';
import { isOutboxMailer } from '../mail/outbox.js';
import { supportRequestMail } from '../mail/templates.js';
import { RATE_RULES } from '../security/rate-limit.js';
import type { Services } from '../services.js';
import { SUPPORT_PATH, supportInbox } from './support-form.js';

const MAX_MESSAGE_LENGTH = 5000;

const TITLE = 'Billing support';

interface Draft {
  email: string;
  message: string;
}

/** What is wrong with a draft, by field; empty when it can be sent. */
function draftProblems(draft: Draft): Partial<Record<keyof Draft, string>> {
  const problems: Partial<Record<keyof Draft, string>> = {};
  if (!isMailAddress(draft.email))
    problems.email = 'Enter the email address we should answer, like you@example.com.';
  if (draft.message === '') problems.message = 'Tell us how we can help.';
  else if (draft.message.length > MAX_MESSAGE_LENGTH)
    problems.message = `Keep the message under ${MAX_MESSAGE_LENGTH.toLocaleString('en-US')} characters (it has ${draft.message.length.toLocaleString('en-US')}).`;
  return problems;
}

export async function supportPlugin(app: FastifyInstance, options: { services: Services }) {
  const { services } = options;
  const { repos, mailer } = services;
  await useFormPages(app, services.config);
  const sandbox = () => isOutboxMailer(mailer);

  function send(reply: FastifyReply, status: number, body: SafeHtml) {
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(TITLE, body, { sandbox: sandbox() }));
  }

  function form(
    reply: FastifyReply,
    status: number,
    draft: Draft,
    problems: Partial<Record<keyof Draft, string>> = {},
    failure?: string,
  ) {
    return send(
      reply,
      status,
      html`<h1>${TITLE}</h1>
        <p>Tell us what is wrong with your subscription, seats or invoice, and we will answer by email.</p>
        ${failure ? html`<p class="error" role="alert">${failure}</p>` : ''}
        <form method="post" action="${SUPPORT_PATH}" novalidate>
          <label for="email">Your email</label>
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
          <label for="message">How can we help?</label>
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
          <p><button type="submit">Send request</button></p>
        </form>`,
    );
  }

  function unavailable(reply: FastifyReply) {
    return send(
      reply,
      404,
      html`<h1>${TITLE}</h1>
        <p>This server has no support form. Please contact the company that runs it.</p>`,
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
    if (supportInbox(services) === null) return unavailable(reply);
    const sent = openSent(request.query.sent);
    if (sent !== null) {
      return send(
        reply,
        200,
        html`<h1>Request sent</h1>
          <p>Thank you: your request #${sent} reached our support team. We will answer by email.</p>
          ${
            sandbox()
              ? html`<p class="muted">
                  This install keeps mail in the <a href="/sandbox/mail">mail outbox</a> instead of sending
                  it.
                </p>`
              : ''
          }
          <p><a href="/dashboard/billing">Back to billing</a></p>`,
      );
    }
    const user = await sessionUser(repos.sessions, request);
    return form(reply, 200, { email: user?.email ?? '', message: '' });
  });

  app.post<{ Body: { email?: unknown; message?: unknown } }>(SUPPORT_PATH, async (request, reply) => {
    const inbox = supportInbox(services);
    if (inbox === null) return unavailable(reply);
    const draft: Draft = {
      email: typeof request.body?.email === 'string' ? request.body.email.trim() : '',
      // Line breaks as the browser sends them (CRLF) read the same in every mail client as LF.
      message:
        typeof request.body?.message === 'string' ? request.body.message.replace(/\r\n/g, '\n').trim() : '',
    };
    const problems = draftProblems(draft);
    if (Object.keys(problems).length > 0) return form(reply, 400, draft, problems);

    if (!(await withinLimits(request, draft.email))) {
      reply.header('retry-after', String(RATE_RULES.supportIp.windowSeconds));
      return form(
        reply,
        429,
        draft,
        {},
        'You sent several requests in a short time. Please try again later.',
      );
    }

    const user = await sessionUser(repos.sessions, request);
    const id = await repos.supportRequests.record({
      userId: user?.id ?? null,
      email: draft.email,
      message: draft.message,
    });
    try {
      const account = user ? `${user.name} <${user.email}>, user ${user.id}` : null;
      await mailer.send(
        supportRequestMail(inbox, { id, email: draft.email, message: draft.message, account }),
      );
    } catch (error) {
      // Nobody would read a request that was not mailed: forget it and let the sender try again.
      request.log.error({ err: error }, 'support request mail failed');
      await repos.supportRequests.forget(id);
      return form(reply, 503, draft, {}, 'We could not send your request just now. Please try again.');
    }
    return reply.redirect(`${SUPPORT_PATH}?sent=${encodeURIComponent(sealSent(id))}`, 303);
  });

  async function withinLimits(request: FastifyRequest, email: string): Promise<boolean> {
    return (
      (await services.rateLimiter.hit(RATE_RULES.supportIp, request.ip)) &&
      (await services.rateLimiter.hit(RATE_RULES.supportEmail, email))
    );
  }
}
