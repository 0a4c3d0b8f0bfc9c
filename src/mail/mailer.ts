import type { Transporter } from 'nodemailer';

/** One message: plain text to one address. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends mail. Behind this interface so that the entries and the invitations need not know the transport: SMTP
 * through nodemailer when SMTP_URL is set ({@link SmtpMailer}), else none.
 */
export interface Mailer {
  /** Whether mail is sent at all (SMTP_URL set). */
  readonly configured: boolean;
  /** Sends `mail`; rejects when it could not be handed to the server. */
  send(mail: Mail): Promise<void>;
}

/** The Nest token of the mailer. */
export const MAILER = Symbol('MAILER');

/** No SMTP server set: nothing is sent. */
export const NO_MAILER: Mailer = {
  configured: false,
  send: () => Promise.reject(new Error('no SMTP server is set (SMTP_URL)')),
};

/**
 * Mail through the SMTP server of `url` (`smtp://host:port`, `smtps://user:pass@host`), from
 * `from`, by nodemailer: the SMTP client most Node servers use, with TLS and authentication.
 */
export class SmtpMailer implements Mailer {
  readonly configured = true;
  private transport?: Transporter;

  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}

  async send(mail: Mail): Promise<void> {
    // Loaded when the first mail goes, as the PDF code is: it stays out of start-up.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createTransport } = require('nodemailer') as typeof import('nodemailer');
    // A page waits for the mail: a server that does not answer is given up on in seconds.
    this.transport ??= createTransport({
      url: this.url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    await this.transport.sendMail({ from: this.from, ...mail });
  }
}

/** The mailer the environment asks for. */
export function mailerFrom(get: (name: string) => string | undefined): Mailer {
  const url = get('SMTP_URL');
  if (!url) return NO_MAILER;
  return new SmtpMailer(url, get('SMTP_FROM') || 'arbiter@localhost');
}
