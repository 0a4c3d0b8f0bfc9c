import { Module } from '@nestjs/common';
import { RatingsModule } from '../ratings/ratings.module';
import { ResultsModule } from '../results/results.module';
import { RoundsModule } from '../rounds/rounds.module';
import { StandingsApiModule } from '../standings-api/standings-api.module';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { PrizeOrganiserController, PrizePagesController } from './prize-pages.controller';
import { PrizesController } from './prizes.controller';
import { PrizesService } from './prizes.service';

/**
 * Prize tables per tournament, and prize lists from standings and verified score sheets: the
 * API, the public prize page and PDF, and the organiser's form.
 */
@Module({
  imports: [StandingsApiModule, TournamentsModule, ResultsModule, RoundsModule, RatingsModule],
  controllers: [PrizesController, PrizePagesController, PrizeOrganiserController],
  providers: [PrizesService],
  exports: [PrizesService],
})
export class PrizesModule {}
