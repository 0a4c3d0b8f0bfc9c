import { Module } from '@nestjs/common';
import { RatingsModule } from '../ratings/ratings.module';
import { ClosingController } from './closing.controller';
import { ClosingService } from './closing.service';
import { JudgeHomeController } from './judge-home.controller';
import { TournamentsController } from './tournaments.controller';
import { TournamentsPagesController } from './tournaments-pages.controller';
import { TournamentsService } from './tournaments.service';

/**
 * Tournaments and their divisions, through the API and the organiser's pages (the list, a
 * tournament, a division's settings) and the judge's first page; closing a tournament (results final, games rated).
 */
@Module({
  imports: [RatingsModule],
  controllers: [
    TournamentsController,
    ClosingController,
    TournamentsPagesController,
    JudgeHomeController,
  ],
  providers: [TournamentsService, ClosingService],
  exports: [TournamentsService, ClosingService],
})
export class TournamentsModule {}
