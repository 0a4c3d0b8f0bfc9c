import { Module } from '@nestjs/common';
import { ResultsController } from './results.controller';
import { ResultRecords } from './result-records';
import { ResultsService } from './results.service';
import { WordsModule } from '../words/words.module';
import { RoundsModule } from '../rounds/rounds.module';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { GameRecordPdfController } from './game-record-pdf.controller';
import { ResultPagesController } from './result-pages.controller';
import { RoundResultsPagesController } from './round-results-pages.controller';
import { SheetCheckPagesController } from './sheet-check-pages.controller';
import { SheetDraftsService } from './sheet-drafts.service';
import { SheetPagesController } from './sheet-pages.controller';

/**
 * Results: typed in or from a score sheet the engine verifies; every change kept in history. The
 * API, and the judge's pages of a game's sheet and result (and of a sheet of no game), and a verified game's record as a PDF.
 */
@Module({
  imports: [WordsModule, TournamentsModule, RoundsModule],
  controllers: [
    ResultsController,
    SheetPagesController,
    SheetCheckPagesController,
    ResultPagesController,
    RoundResultsPagesController,
    GameRecordPdfController,
  ],
  providers: [ResultsService, SheetDraftsService, ResultRecords],
  exports: [ResultsService, ResultRecords],
})
export class ResultsModule {}
