import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { JobPagesController } from './jobs-pages.controller';
import { SignInController } from './sign-in.controller';
import { AssetsController } from './sheet-page';

/**
 * The pages not yet in a context of their own: signing in and out, a long job's page (it words
 * the outcome of every kind of job) and the pages' scripts. Each context registers its own page
 * controllers.
 */
@Module({
  imports: [AuthModule, TournamentsModule],
  controllers: [SignInController, AssetsController, JobPagesController],
})
export class PagesModule {}
