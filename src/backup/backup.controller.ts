import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { createReadStream } from 'fs';
import { Roles } from '../auth/roles.decorator';
import { ApiErrors } from '../common/api/docs';
import { BackupService } from './backup.service';
import type { BackupFile } from './snapshots';

/** A backup in the rotation. */
export class BackupView {
  @ApiProperty({ example: 'arbiter-2026-11-25T05-10-03-123Z-round-paired.sqlite' })
  name: string;

  @ApiProperty({ example: '2026-11-25T05:10:03.123Z' })
  takenAt: string;

  @ApiProperty({
    example: 'round-paired',
    description: '`manual`, `round-paired`, `before-restore`',
  })
  reason: string;

  @ApiProperty({ example: 245760 })
  bytes: number;
}

const view = (b: BackupFile): BackupView => ({
  name: b.name,
  takenAt: b.takenAt.toISOString(),
  reason: b.reason,
  bytes: b.bytes,
});

@ApiTags('backups')
@Roles('administrator')
@Controller('api/backups')
export class BackupController {
  constructor(private readonly backups: BackupService) {}

  @Get()
  @ApiOperation({
    summary: 'The backups of the database, newest first',
    description:
      'SQLite only: a consistent copy is taken after every round is paired and on demand, ' +
      'kept in a rotation under `backups/` beside the database file (BACKUP_KEEP of them). ' +
      'On PostgreSQL the answer is 409 BACKUP_BY_PG_DUMP with how to use pg_dump.',
  })
  @ApiOkResponse({ type: [BackupView] })
  @ApiErrors(409)
  list(): BackupView[] {
    return this.backups.list().map(view);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Take a backup now',
    description:
      'The server keeps answering while the copy is made; the oldest beyond the rotation goes.',
  })
  @ApiOkResponse({ type: BackupView })
  @ApiErrors(409)
  async take(): Promise<BackupView> {
    return view(await this.backups.take('manual'));
  }

  @Get(':name')
  @ApiOperation({ summary: 'Download a backup (an SQLite file that `arbiter restore` takes)' })
  @ApiErrors(400, 404, 409)
  download(@Param('name') name: string, @Res() res: Response): void {
    const path = this.backups.file(name);
    const stream = createReadStream(path);
    // The rotation may delete the file between the check and the read: a 404, not a crash.
    stream.on('error', () => {
      if (res.headersSent) res.destroy();
      else
        res
          .status(404)
          .json({ statusCode: 404, code: 'NOT_FOUND', message: `backup ${name} does not exist` });
    });
    stream.on('open', () => {
      res.setHeader('Content-Type', 'application/vnd.sqlite3');
      res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
      stream.pipe(res);
    });
  }
}
