import { Module } from '@nestjs/common';
import { ResultsModule } from '../results/results.module';
import { DeskPagesController, TableCodePagesController } from './table-code-pages.controller';
import { TableCodesController } from './table-codes.controller';
import { TableCodesService } from './table-codes.service';

/** Score sheets sent from the tables with each seat's code, and the judges' desk: API and pages. */
@Module({
  imports: [ResultsModule],
  controllers: [TableCodesController, TableCodePagesController, DeskPagesController],
  providers: [TableCodesService],
  exports: [TableCodesService],
})
export class TableCodesModule {}
