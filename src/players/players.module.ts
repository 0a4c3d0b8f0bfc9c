import { Module } from '@nestjs/common';
import { PlayersController } from './players.controller';
import { PlayersService } from './players.service';

/** Registration, edits, withdrawals, late entries and seeds. */
@Module({
  controllers: [PlayersController],
  providers: [PlayersService],
})
export class PlayersModule {}
