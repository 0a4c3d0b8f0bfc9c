import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { ThrottleCounters } from '../throttle/throttle-counters';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { InvitationPagesController } from './invitation-pages.controller';
import { InvitationThrottle } from './invitation-throttle';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';
import { PeoplePagesController } from './people-pages.controller';
import { TournamentRolesController } from './tournament-roles.controller';
import { TournamentRolesService } from './tournament-roles.service';

/**
 * Who acts in each tournament: its owner's co-directors and judges, given by e-mail or by
 * invitation, through the API and the tournament's page of people. The roles themselves are
 * read by the accounts' guard (src/auth) before any body.
 */
@Module({
  imports: [TournamentsModule, MailModule],
  controllers: [
    TournamentRolesController,
    InvitationsController,
    InvitationPagesController,
    PeoplePagesController,
  ],
  providers: [
    TournamentRolesService,
    InvitationsService,
    {
      provide: InvitationThrottle,
      inject: [ThrottleCounters],
      useFactory: (counters: ThrottleCounters) => new InvitationThrottle(counters),
    },
  ],
  exports: [TournamentRolesService],
})
export class AccessModule {}
