/** One message: plain text to one address. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends mail. Behind this interface so that the entries need not know the transport: SMTP
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

/** The part of nodemailer this uses (the package's own types are a dev dependency). */
interface Transport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}
interface Nodemailer {
  createTransport(url: string, defaults?: Record<string, unknown>): Transport;
}

/** No SMTP server set: nothing is sent. */
export const NO_MAILER: Mailer = {
  configured: false,
  send: () => Promise.reject(new Error('no SMTP server is set (SMTP_URL)')),
};

/**
 * Mail through the SMTP server of `url` (`smtp://host:port`, `smtps://user:pass@host`), from
 * `from`. nodemailer is loaded when the first mail goes: a server that sends none never needs it.
 */
export class SmtpMailer implements Mailer {
  readonly configured = true;
  private transport?: Transport;

  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}

  async send(mail: Mail): Promise<void> {
    if (!this.transport) {
      // A name the type checker does not resolve: the build does not need nodemailer installed.
      const moduleName = 'nodemailer';
      const nodemailer = (await import(moduleName)) as Nodemailer;
      // A page waits for the mail: a server that does not answer is given up on in seconds.
      this.transport = nodemailer.createTransport(this.url, {
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      });
    }
    await this.transport.sendMail({ from: this.from, ...mail });
  }
}

/** The mailer the environment asks for. */
export function mailerFrom(get: (name: string) => string | undefined): Mailer {
  const url = get('SMTP_URL');
  if (!url) return NO_MAILER;
  return new SmtpMailer(url, get('SMTP_FROM') || 'arbiter@localhost');
}
