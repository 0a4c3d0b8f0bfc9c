import { Module } from '@nestjs/common';
import { RegistryModule } from '../registry/registry.module';
import { RoundsService } from '../rounds/rounds.service';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { PlayersPagesController } from './players-pages.controller';
import { PlayersController } from './players.controller';
import { PlayersService } from './players.service';

/**
 * Registration, edits, withdrawals, late entries and seeds: the API and the organiser's players
 * page. The rounds service is stateless and provided here again, as the rounds module does not
 * export it (the page counts a player's games before removing them).
 */
@Module({
  imports: [TournamentsModule, RegistryModule],
  controllers: [PlayersController, PlayersPagesController],
  providers: [PlayersService, RoundsService],
  exports: [PlayersService],
})
export class PlayersModule {}
