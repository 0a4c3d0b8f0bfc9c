import { Module } from '@nestjs/common';
import { RatingsModule } from '../ratings/ratings.module';
import { ClosingController } from './closing.controller';
import { ClosingService } from './closing.service';
import { TournamentsController } from './tournaments.controller';
import { TournamentsService } from './tournaments.service';

/** Tournaments and their divisions; closing a tournament (results final, games rated). */
@Module({
  imports: [RatingsModule],
  controllers: [TournamentsController, ClosingController],
  providers: [TournamentsService, ClosingService],
  exports: [TournamentsService, ClosingService],
})
export class TournamentsModule {}
