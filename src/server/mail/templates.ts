/** The mails the product sends. Links are absolute (PUBLIC_URL); all values are escaped in HTML. */
import { html } from '../security/html-escaping.js';
import type { Mail } from './mailer.js';
import type { Locale } from '../../shared/locale.js';

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

/** docs/product.md#the-team-pool: a member who ran out of credits asks an admin for some, in the admin's language. */
export function creditRequestMail(
  to: string,
  locale: Locale,
  request: { requester: string; amount: number | null; note: string | null },
  link: string,
): Mail {
  const { requester, amount, note } = request;
  const words =
    locale === 'zh-CN'
      ? {
          asks: amount === null ? '向您申请点数' : `向您申请 ${amount} 点数`,
          stop: '。',
          note: '他们的备注：',
          grant: '在用量页面从团队点数池分配点数',
        }
      : {
          asks: amount === null ? 'asks you for credits' : `asks you for ${amount} credits`,
          stop: '.',
          note: 'Their note: ',
          grant: 'Grant credits from the team pool on the Usage page',
        };
  const said = note ? `\n\n${words.note}${note}` : '';
  return {
    to,
    subject: `${requester} ${words.asks}`,
    text: `${requester} ${words.asks}${words.stop}${said}\n\n${words.grant}:\n${link}`,
    html: html`<p>${requester} ${words.asks}${words.stop}</p>
      ${note ? html`<p>${words.note}${note}</p>` : ''}
      <p><a href="${link}">${words.grant}</a></p>`.value,
  };
}

/** What a credit alert says (docs/product.md#credit-alerts): a member at a threshold of their cap, or the pool low. */
export type CreditAlertFacts =
  | { event: 'cap_warning' | 'cap_reached'; member: string; cap: number; spent: number }
  | { event: 'pool_low'; pool: number; threshold: number };

function creditAlertWords(
  locale: Locale,
  alert: CreditAlertFacts,
): { subject: string; body: string; action: string } {
  const zh = locale === 'zh-CN';
  switch (alert.event) {
    case 'cap_warning':
      return zh
        ? {
            subject: `${alert.member} 已用掉每月点数上限的 75%`,
            body: `${alert.member} 本期已消耗 ${alert.spent} 点，每月上限为 ${alert.cap} 点。`,
            action: '查看该成员的用量或提高上限',
          }
        : {
            subject: `${alert.member} used 75% of their monthly credit cap`,
            body: `${alert.member} has spent ${alert.spent} of their ${alert.cap} credits this period.`,
            action: "See the member's usage or raise the cap",
          };
    case 'cap_reached':
      return zh
        ? {
            subject: `${alert.member} 已达到每月点数上限`,
            body: `${alert.member} 本期已用完每月上限的 ${alert.cap} 点：在下一周期开始或上限提高之前，其查询将被拒绝。`,
            action: '查看该成员的用量或提高上限',
          }
        : {
            subject: `${alert.member} reached their monthly credit cap`,
            body: `${alert.member} has spent all ${alert.cap} credits of their monthly cap: their lookups are refused until the next period or until the cap is raised.`,
            action: "See the member's usage or raise the cap",
          };
    case 'pool_low':
      return zh
        ? {
            subject: `团队点数池已低于 ${alert.threshold} 点`,
            body: `团队点数池现有 ${alert.pool} 点，低于您为此提醒设定的 ${alert.threshold} 点。`,
            action: '在用量页面为团队点数池购买点数包',
          }
        : {
            subject: `The team pool is below ${alert.threshold} credits`,
            body: `The team pool holds ${alert.pool} credits, below the ${alert.threshold} you chose for this alert.`,
            action: 'Buy a credit pack for the team pool on the Usage page',
          };
  }
}

/** A notice in one language: what happened, and a link that says what to do about it. */
function noticeMail(
  to: string,
  words: { subject: string; body: string; action: string },
  link: string,
): Mail {
  return {
    to,
    subject: words.subject,
    text: `${words.body}\n\n${words.action}:\n${link}`,
    html: html`<p>${words.body}</p>
      <p><a href="${link}">${words.action}</a></p>`.value,
  };
}

/** docs/product.md#credit-alerts: one alert to one admin, in the admin's language. */
export function creditAlertMail(to: string, locale: Locale, alert: CreditAlertFacts, link: string): Mail {
  return noticeMail(to, creditAlertWords(locale, alert), link);
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

/**
 * docs/product.md#connection-health: the maker of a CRM connection learns that the CRM refused its
 * credentials (a refresh token or API keys it no longer takes), once until they connect again, in the
 * language of their last session.
 */
export function crmAttentionMail(to: string, locale: Locale, crm: string, link: string): Mail {
  const words =
    locale === 'zh-CN'
      ? {
          subject: `您的 ${crm} 连接需要处理`,
          body: `${crm} 不再接受 CRM Sync 保存的登录信息，因此无法再通过此连接同步资料。`,
          action: '在“CRM 连接”页面重新连接',
        }
      : {
          subject: `Your ${crm} connection needs attention`,
          body: `${crm} no longer accepts the sign-in CRM Sync keeps for it, so profiles cannot be synced through this connection.`,
          action: 'Reconnect it on the CRM Connection page',
        };
  return noticeMail(to, words, link);
}
