import { Module } from '@nestjs/common';
import { RoundsController } from './rounds.controller';
import { RoundsService } from './rounds.service';

/** Rounds and pairings: src/pairing does the pairing, this module records it. */
@Module({
  controllers: [RoundsController],
  providers: [RoundsService],
})
export class RoundsModule {}
