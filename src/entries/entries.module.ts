import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { entryThrottleSettings } from '../config';
import { MailModule } from '../mail/mail.module';
import { PlayersModule } from '../players/players.module';
import { RegistryModule } from '../registry/registry.module';
import { ThrottleCounters } from '../throttle/throttle-counters';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { EntriesOrganiserPagesController } from './entries-organiser-pages.controller';
import { EntriesPagesController } from './entries-pages.controller';
import { EntriesController } from './entries.controller';
import { EntriesService } from './entries.service';
import { EntryThrottle } from './entry-throttle';

/**
 * Entries online: the organiser opens a tournament's entries, players enter from a public page
 * without an account, and a confirmed entry registers its player (through the players' service).
 */
@Module({
  imports: [TournamentsModule, PlayersModule, RegistryModule, MailModule],
  controllers: [EntriesController, EntriesPagesController, EntriesOrganiserPagesController],
  providers: [
    EntriesService,
    {
      provide: EntryThrottle,
      inject: [ThrottleCounters, ConfigService],
      useFactory: (counters: ThrottleCounters, config: ConfigService) =>
        new EntryThrottle(
          counters,
          entryThrottleSettings((name) => config.get<string>(name)),
        ),
    },
  ],
  exports: [EntriesService],
})
export class EntriesModule {}
