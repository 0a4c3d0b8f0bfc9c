import { Module } from '@nestjs/common';
import { DirectorLogController } from './director-log.controller';
import { DirectorLogService } from './director-log.service';
import { LogPagesController } from './log-pages.controller';

/**
 * The director's log, read through its API and the organiser's log page (services of the other
 * modules write it in their transactions, with src/log/director-log.ts). What it names it asks
 * through `LogSubjects` (log-subjects.ts), which the application's global ports module provides.
 */
@Module({
  controllers: [DirectorLogController, LogPagesController],
  providers: [DirectorLogService],
  exports: [DirectorLogService],
})
export class DirectorLogModule {}
