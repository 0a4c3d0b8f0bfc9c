import { Module } from '@nestjs/common';
import { DirectorLogController } from './director-log.controller';
import { DirectorLogService } from './director-log.service';

/** The director's log, read (services of the other modules write it in their transactions). */
@Module({
  controllers: [DirectorLogController],
  providers: [DirectorLogService],
  exports: [DirectorLogService],
})
export class DirectorLogModule {}
