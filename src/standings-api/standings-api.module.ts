import { Module } from '@nestjs/common';
import { PlayersService } from '../players/players.service';
import { ResultsModule } from '../results/results.module';
import { RoundsService } from '../rounds/rounds.service';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { WordsModule } from '../words/words.module';
import { DivisionPagesController } from './division-pages.controller';
import { DivisionPdfsController } from './division-pdfs.controller';
import { LivePagesController } from './live-pages.controller';
import { ReplayPagesController } from './replay-pages.controller';
import { RoundPrintouts } from './round-printouts';
import { ScorecardsController } from './scorecards.controller';
import { StandingsController } from './standings.controller';
import { StandingsService } from './standings.service';

/**
 * Standings, scorecards and the wall chart over HTTP (the arithmetic is src/standings), and a
 * division's public pages (kept until the division changes), printouts, live stream and
 * projector. The rounds' and players' services
 * are stateless and provided here again (their modules do not export them).
 */
@Module({
  imports: [TournamentsModule, ResultsModule, WordsModule],
  controllers: [
    StandingsController,
    ScorecardsController,
    DivisionPagesController,
    DivisionPdfsController,
    LivePagesController,
    ReplayPagesController,
  ],
  providers: [StandingsService, RoundsService, PlayersService, RoundPrintouts],
  exports: [StandingsService, RoundPrintouts],
})
export class StandingsApiModule {}
