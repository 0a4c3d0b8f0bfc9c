import { Global, Module } from '@nestjs/common';
import { BackupController } from './backup.controller';
import { BackupsPageController } from './backups-page.controller';
import { BackupService } from './backup.service';

/** Backups of the database, their API and the organiser's page (global: the pages offer them too). */
@Global()
@Module({
  controllers: [BackupController, BackupsPageController],
  providers: [BackupService],
  exports: [BackupService],
})
export class BackupModule {}
