import { Module } from '@nestjs/common';
import { ResultsModule } from '../results/results.module';
import { TableCodesController } from './table-codes.controller';
import { TableCodesService } from './table-codes.service';

/** Score sheets sent from the tables with each seat's code, and the judges' desk. */
@Module({
  imports: [ResultsModule],
  controllers: [TableCodesController],
  providers: [TableCodesService],
  exports: [TableCodesService],
})
export class TableCodesModule {}
