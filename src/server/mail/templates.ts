/** The mails the product sends. Links are absolute (PUBLIC_URL); all values are escaped in HTML. */
import { html } from '../security/html-escaping.js';
import type { Mail } from './mailer.js';

export function resetPasswordMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your password',
    text: `Someone asked to reset the password of your account.\n\nReset it here (the link expires in 24 hours and works once):\n${link}\n\nIf it was not you, ignore this mail: your password stays the same.`,
    html: html`<p>Someone asked to reset the password of your account.</p>
      <p><a href="${link}">Reset your password</a> (the link expires in 24 hours and works once).</p>
      <p>If it was not you, ignore this mail: your password stays the same.</p>`.value,
  };
}

export function invitationMail(
  to: string,
  inviter: string,
  organization: string,
  role: string,
  link: string,
): Mail {
  return {
    to,
    subject: `${inviter} invited you to join ${organization}`,
    text: `${inviter} invited you to join ${organization} as ${role}.\n\nAccept the invitation (valid for 7 days):\n${link}`,
    html: html`<p>${inviter} invited you to join <b>${organization}</b> as ${role}.</p>
      <p><a href="${link}">Accept the invitation</a> (valid for 7 days).</p>`.value,
  };
}

/** A request of the server's own support form, to the support inbox; answers go to the customer. */
export function supportRequestMail(
  to: string,
  request: { id: number; email: string; message: string; account: string | null },
): Mail {
  const from = request.account ? `${request.email} (account ${request.account})` : request.email;
  return {
    to,
    replyTo: request.email,
    subject: `Billing support request #${request.id} from ${request.email}`,
    text: `From: ${from}\n\n${request.message}`,
    html: html`<p>From: ${from}</p>
      <pre style="white-space:pre-wrap;font:inherit">${request.message}</pre>`.value,
  };
}

/** docs/product.md#monthly-caps: one mail per period when a member's spending reaches their monthly cap. */
export function capReachedMail(to: string, cap: number, link: string): Mail {
  return {
    to,
    subject: 'You reached your monthly credit cap',
    text: `You have spent ${cap} credits this period, the monthly cap your organization admin set.\n\nFurther lookups are refused until the next period or until your admin raises the cap.\n\nSee your usage: ${link}`,
    html: html`<p>You have spent ${cap} credits this period, the monthly cap your organization admin set.</p>
      <p>Further lookups are refused until the next period or until your admin raises the cap.</p>
      <p><a href="${link}">See your usage</a></p>`.value,
  };
}

/** docs/product.md#verifying-a-domain: the code that proves the organization receives mail at its domain. */
export function domainVerificationMail(
  to: string,
  admin: string,
  domain: string,
  code: string,
  link: string,
): Mail {
  return {
    to,
    subject: `Verify ${domain} for CRM Sync`,
    text: `${admin} asked to verify ${domain} as their company's domain on CRM Sync.\n\nVerify it here (valid for 24 hours):\n${link}\n\nOr give ${admin} this code: ${code}\n\nIf you did not expect this, ignore this mail.`,
    html: html`<p>${admin} asked to verify <b>${domain}</b> as their company's domain on CRM Sync.</p>
      <p><a href="${link}">Verify ${domain}</a> (valid for 24 hours).</p>
      <p>Or give ${admin} this code: <b>${code}</b></p>
      <p>If you did not expect this, ignore this mail.</p>`.value,
  };
}

/** How a mail to the admins names someone: "Grace Hopper (grace@acme.com)", or the address alone. */
export function personInMail(person: { name?: string | null; email: string }): string {
  return person.name ? `${person.name} (${person.email})` : person.email;
}

/** docs/product.md#the-team-pool: a member who ran out of credits asks an admin for some. */
export function creditRequestMail(
  to: string,
  requester: string,
  amount: number | null,
  note: string | null,
  link: string,
): Mail {
  const asks = amount === null ? 'asks you for credits' : `asks you for ${amount} credits`;
  const said = note ? `\n\nTheir note: ${note}` : '';
  return {
    to,
    subject: `${requester} ${asks}`,
    text: `${requester} ${asks}.${said}\n\nGrant credits from the team pool on the Usage page:\n${link}`,
    html: html`<p>${requester} ${asks}.</p>
      ${note ? html`<p>Their note: ${note}</p>` : ''}
      <p><a href="${link}">Grant credits from the team pool on the Usage page</a></p>`.value,
  };
}

/** docs/product.md#requests-to-join: an admin learns that someone at the company's domain asks to join. */
export function joinRequestMail(
  to: string,
  requester: string,
  organization: string,
  link: string,
  addressConfirmed: boolean,
): Mail {
  const unconfirmed = addressConfirmed
    ? ''
    : 'They have not confirmed this address yet: approving mails them an invitation, and they join once they open it.';
  return {
    to,
    subject: `${requester} asks to join ${organization}`,
    text: `${requester} signed up with your company's domain and asks to join ${organization}.${unconfirmed ? `\n\n${unconfirmed}` : ''}\n\nApprove or decline on the Organization page (the request expires in 7 days):\n${link}`,
    html: html`<p>
        ${requester} signed up with your company's domain and asks to join <b>${organization}</b>.
      </p>
      ${unconfirmed ? html`<p>${unconfirmed}</p>` : ''}
      <p><a href="${link}">Approve or decline</a> (the request expires in 7 days).</p>`.value,
  };
}

/** docs/product.md#automatic-joining: an admin learns that someone at the company's domain joined by automatic joining. */
export function autoJoinMail(to: string, member: string, organization: string, link: string): Mail {
  return {
    to,
    subject: `${member} joined ${organization}`,
    text: `${member} signed up with your company's domain and joined ${organization} as a Free member, because automatic joining is on.\n\nSee your members, or turn automatic joining off, on the Organization page:\n${link}`,
    html: html`<p>
        ${member} signed up with your company's domain and joined <b>${organization}</b> as a Free member,
        because automatic joining is on.
      </p>
      <p><a href="${link}">See your members, or turn automatic joining off</a>.</p>`.value,
  };
}

/**
 * docs/product.md#verifying-a-domain: an admin learns that the daily check found the domain's TXT record
 * gone, so the domain is no longer verified.
 */
export function domainLostMail(to: string, domain: string, organization: string, link: string): Mail {
  return {
    to,
    subject: `${domain} is no longer verified for ${organization}`,
    text: `The daily check found no TXT record of ours at ${domain}, so ${domain} is no longer verified for ${organization}: automatic joining is off and its invitation link stopped working.\n\nPublish the TXT record again, then select Verify on the Organization page:\n${link}`,
    html: html`<p>
        The daily check found no TXT record of ours at ${domain}, so <b>${domain}</b> is no longer verified
        for ${organization}: automatic joining is off and its invitation link stopped working.
      </p>
      <p><a href="${link}">Publish the TXT record again, then select Verify</a> on the Organization page.</p>`
      .value,
  };
}
