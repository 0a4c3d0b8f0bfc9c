import { validateEnvironment } from '../config';
import { mailerFrom, NO_MAILER, SmtpMailer } from './mailer';

describe('the mailer the environment asks for', () => {
  it('none without SMTP_URL; SMTP through nodemailer with it', () => {
    expect(mailerFrom(() => undefined)).toBe(NO_MAILER);
    expect(NO_MAILER.configured).toBe(false);
    const env: Record<string, string> = {
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SMTP_FROM: 'turnir@example.org',
    };
    const mailer = mailerFrom((name) => env[name]);
    expect(mailer).toBeInstanceOf(SmtpMailer);
    expect(mailer.configured).toBe(true);
  });

  it('a bad SMTP_URL or SMTP_FROM stops the server with a message naming it', () => {
    expect(() => validateEnvironment({ SMTP_URL: 'mail.example.org:25' })).toThrow(
      'SMTP_URL must be an smtp:// or smtps:// URL',
    );
    expect(() =>
      validateEnvironment({ SMTP_URL: 'smtp://mail.example.org', SMTP_FROM: 'turnir' }),
    ).toThrow("SMTP_FROM must be the address mail is sent from, not 'turnir'");
    expect(validateEnvironment({ SMTP_URL: 'smtps://u:p@mail.example.org:465' }).SMTP_URL).toBe(
      'smtps://u:p@mail.example.org:465',
    );
  });
});
