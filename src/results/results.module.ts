import { Module } from '@nestjs/common';
import { ResultsController } from './results.controller';
import { ResultsService } from './results.service';
import { WordsModule } from '../words/words.module';

/** Results: typed in or from a score sheet the engine verifies; every change kept in history. */
@Module({
  imports: [WordsModule],
  controllers: [ResultsController],
  providers: [ResultsService],
  exports: [ResultsService],
})
export class ResultsModule {}
