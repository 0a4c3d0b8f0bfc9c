import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { DirectorLogModule } from '../log/director-log.module';
import { PlayersService } from '../players/players.service';
import { ResultsService } from '../results/results.service';
import { RoundsService } from '../rounds/rounds.service';
import { StandingsApiModule } from '../standings-api/standings-api.module';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { WordsModule } from '../words/words.module';
import { RegistryModule } from '../registry/registry.module';
import { RatingsModule } from '../ratings/ratings.module';
import { ClosingPagesController, RatingPagesController } from './ratings-pages.controller';
import { JobPagesController } from './jobs-pages.controller';
import { PdfController } from './pdf.controller';
import { LiveStreams } from './live';
import { LivePagesController } from './live.controller';
import { PublicPagesController } from './public.controller';
import { SignInController } from './sign-in.controller';
import { AssetsController } from './sheet-page';
import { TableCodesModule } from '../table-codes/table-codes.module';

/**
 * The pages and PDFs people use: thin controllers that gather data from the
 * services, build the view models of `src/render` and render `views/`.
 * The stateless services of modules that do not export them are provided
 * here again; those with caches (standings, words) come from their modules.
 */
@Module({
  imports: [
    AuthModule,
    TournamentsModule,
    StandingsApiModule,
    WordsModule,
    DirectorLogModule,
    RegistryModule,
    RatingsModule,
    TableCodesModule,
  ],
  controllers: [
    SignInController,
    PdfController,
    PublicPagesController,
    LivePagesController,
    AssetsController,
    RatingPagesController,
    ClosingPagesController,
    JobPagesController,
  ],
  providers: [PlayersService, RoundsService, ResultsService, LiveStreams],
})
export class PagesModule {}
