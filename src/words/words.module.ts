import { Module } from '@nestjs/common';
import { RoundsModule } from '../rounds/rounds.module';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { WordCheckPagesController } from './word-check-pages.controller';
import { WordsController } from './words.controller';
import { WordsService } from './words.service';

/** Word lists and rulings on challenged words: the API, and the judge's word check page. */
@Module({
  imports: [TournamentsModule, RoundsModule],
  controllers: [WordsController, WordCheckPagesController],
  providers: [WordsService],
  exports: [WordsService],
})
export class WordsModule {}
