import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailAddress {
  name: string;
  address: string;
}

export interface MailMessage {
  to: string | MailAddress | (string | MailAddress)[];
  subject: string;
  text: string;
  replyTo?: string | MailAddress;
}

export interface SentMail {
  messageId: string;
}

/** How a mail sent in the background ended: taken by the SMTP server, or refused with the reason. */
export type Delivery = { sent: true } | { sent: false; error: string };

export interface Mailer {
  /** False when no SMTP server is configured: every send then fails with MailNotConfiguredError. */
  readonly configured: boolean;
  /** Resolves once the SMTP server accepted the message; rejects on any delivery failure. */
  send(message: MailMessage): Promise<SentMail>;
}

export class MailNotConfiguredError extends Error {
  constructor() {
    super('SMTP_URL is not set; mail is kept unsent');
    this.name = 'MailNotConfiguredError';
  }
}

// nodemailer waits up to 2 minutes to connect and 10 minutes on a silent socket; mail is sent while a request
// waits, so a stuck SMTP server must fail fast rather than hold the request.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 };

/** Sends mail through SMTP_URL from MAIL_FROM; the one place that knows how mail leaves the server. */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): Mailer {
  if (!config.SMTP_URL) {
    return {
      configured: false,
      send: () => Promise.reject(new MailNotConfiguredError()),
    };
  }
  const transport = nodemailer.createTransport({ url: config.SMTP_URL, ...TIMEOUTS });
  return {
    configured: true,
    async send(message) {
      const info = await transport.sendMail({
        from: config.MAIL_FROM,
        to: message.to,
        replyTo: message.replyTo,
        // nodemailer folds line breaks in header values into spaces, so typed text cannot add headers (tested).
        subject: message.subject,
        text: message.text,
      });
      return { messageId: info.messageId };
    },
  };
}
