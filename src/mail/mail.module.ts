import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { MAILER, mailerFrom } from './mailer';

/** The mailer every context sends through: SMTP when SMTP_URL is set, else none. */
@Module({
  providers: [
    {
      provide: MAILER,
      inject: [ConfigService],
      useFactory: (config: ConfigService) => mailerFrom((name) => config.get<string>(name)),
    },
  ],
  exports: [MAILER],
})
export class MailModule {}
