import { Module } from '@nestjs/common';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { JobPagesController } from './jobs-pages.controller';
import { AssetsController } from './sheet-page';

/**
 * The pages not yet in a context of their own: a long job's page (it words the outcome of every
 * kind of job) and the pages' scripts. Each context registers its own page controllers.
 */
@Module({
  imports: [TournamentsModule],
  controllers: [AssetsController, JobPagesController],
})
export class PagesModule {}
