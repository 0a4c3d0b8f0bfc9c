import { Module } from '@nestjs/common';
import { ClosingController } from './closing.controller';
import { ClosingPagesController } from './closing-pages.controller';
import { ClosingService } from './closing.service';
import { LiveStreams } from './live-streams';
import {
  JudgeHomeController,
  TournamentListPagesController,
} from './tournament-list-pages.controller';
import { TournamentsController } from './tournaments.controller';
import { TournamentsPagesController } from './tournaments-pages.controller';
import { TournamentsService } from './tournaments.service';

/**
 * Tournaments and their divisions, through the API and the organiser's pages (the list, a
 * tournament, a division's settings) the public list of tournaments and the judge's first page; the live streams that follow
 * each division's revision; closing a tournament (results final, games rated).
 */
@Module({
  controllers: [
    TournamentsController,
    ClosingController,
    ClosingPagesController,
    TournamentsPagesController,
    JudgeHomeController,
    TournamentListPagesController,
  ],
  providers: [TournamentsService, ClosingService, LiveStreams],
  exports: [TournamentsService, ClosingService, LiveStreams],
})
export class TournamentsModule {}
