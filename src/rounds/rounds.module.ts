import { Module } from '@nestjs/common';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { RoundsPagesController } from './rounds-pages.controller';
import { RoundsController } from './rounds.controller';
import { RoundsService } from './rounds.service';

/**
 * Rounds and pairings: src/pairing does the pairing, this module records it; the API and the
 * organiser's rounds page.
 */
@Module({
  imports: [TournamentsModule],
  controllers: [RoundsController, RoundsPagesController],
  providers: [RoundsService],
  exports: [RoundsService],
})
export class RoundsModule {}
