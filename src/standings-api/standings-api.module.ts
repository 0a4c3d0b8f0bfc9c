import { Module } from '@nestjs/common';
import { ScorecardsController } from './scorecards.controller';
import { StandingsController } from './standings.controller';
import { StandingsService } from './standings.service';

/** Standings, scorecards and the wall chart over HTTP; the arithmetic is src/standings. */
@Module({
  controllers: [StandingsController, ScorecardsController],
  providers: [StandingsService],
  exports: [StandingsService],
})
export class StandingsApiModule {}
