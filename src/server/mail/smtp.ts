/** Sends mail through the SMTP server of SMTP_URL with nodemailer (pooled connections). */
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.js';

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        replyTo: mail.replyTo,
      });
    },
    async close() {
      transport.close();
    },
  };
}
