import { Module } from '@nestjs/common';
import { RatingImportPagesController, RatingPagesController } from './rating-pages.controller';
import { RatingsController } from './ratings.controller';
import { RatingsService } from './ratings.service';
import { StaleRatingReports } from './stale-reports';

/**
 * Ratings per game family: reports of closed tournaments, the lists, their CSV; their pages and
 * the organiser's import of a list.
 */
@Module({
  controllers: [RatingsController, RatingPagesController, RatingImportPagesController],
  providers: [RatingsService, StaleRatingReports],
  exports: [RatingsService],
})
export class RatingsModule {}
