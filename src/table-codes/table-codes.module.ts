import { StandingsApiModule } from '../standings-api/standings-api.module';
import { ScoreSheetsPdfController } from './score-sheets-pdf.controller';
import { Module } from '@nestjs/common';
import { ResultsModule } from '../results/results.module';
import { DeskPagesController, TableCodePagesController } from './table-code-pages.controller';
import { TableCodesController } from './table-codes.controller';
import { TableCodesService } from './table-codes.service';

/**
 * Score sheets sent from the tables with each seat's code, the judges' desk and a round's
 * blank score sheets with the codes printed: API, pages and the PDF.
 */
@Module({
  imports: [ResultsModule, StandingsApiModule],
  controllers: [
    TableCodesController,
    TableCodePagesController,
    DeskPagesController,
    ScoreSheetsPdfController,
  ],
  providers: [TableCodesService],
  exports: [TableCodesService],
})
export class TableCodesModule {}
