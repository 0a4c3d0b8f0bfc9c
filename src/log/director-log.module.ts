import { Module } from '@nestjs/common';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { DirectorLogController } from './director-log.controller';
import { DirectorLogService } from './director-log.service';
import { LogPagesController } from './log-pages.controller';

/**
 * The director's log, read through its API and the organiser's log page (services of the other
 * modules write it in their transactions).
 */
@Module({
  imports: [TournamentsModule],
  controllers: [DirectorLogController, LogPagesController],
  providers: [DirectorLogService],
  exports: [DirectorLogService],
})
export class DirectorLogModule {}
