import { Module } from '@nestjs/common';
import { RegistryModule } from '../registry/registry.module';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { PlayersPagesController } from './players-pages.controller';
import { PlayerEditPagesController } from './player-edit-pages.controller';
import { PlayersController } from './players.controller';
import { PlayersService } from './players.service';

/**
 * Registration, edits, withdrawals, late entries and seeds: the API and the organiser's players
 * page. What they ask of the rounds and the ratings comes through the players' ports
 * (`PlayerRounds`, `RatingLookup`), bound in the application's module.
 */
@Module({
  imports: [TournamentsModule, RegistryModule],
  controllers: [PlayersController, PlayersPagesController, PlayerEditPagesController],
  providers: [PlayersService],
  exports: [PlayersService],
})
export class PlayersModule {}
