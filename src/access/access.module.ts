import { Module } from '@nestjs/common';
import { TournamentRolesController } from './tournament-roles.controller';
import { TournamentRolesService } from './tournament-roles.service';

/**
 * Who acts in each tournament: its owner's co-directors and judges, given by e-mail or by
 * invitation, through the API and the tournament's page of people. The roles themselves are
 * read by the accounts' guard (src/auth) before any body.
 */
@Module({
  controllers: [TournamentRolesController],
  providers: [TournamentRolesService],
  exports: [TournamentRolesService],
})
export class AccessModule {}
