import { isMessageKey } from '../i18n';
import { Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { BackupService } from './backup.service';
import { formatBytes } from '../common/body/body-limits';
import { formatDateTime } from '../i18n/time';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { SameOriginGuard } from '../web/same-origin.guard';
import { urls } from '../web/urls';
import type { PageBase } from '../render/view-models';

/** The organiser's backups page. */
export interface OrganiserBackupsPage extends PageBase {
  text: Record<string, string>;
  /** Null on PostgreSQL, where pg_dump makes backups. */
  sqlite: {
    takeAction: string;
    backups: { when: string; why: string; size: string; url: string; name: string }[];
  } | null;
}

/**
 * The backups page: the rotation with downloads, a button that takes one now, and how to
 * restore (the server must be stopped, so a restore is a command, not a button).
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('administrator')
@Controller('organiser/backups')
export class BackupsPageController {
  constructor(private readonly backups: BackupService) {}

  @Get()
  async show(@Req() req: AuthedRequest, @Res() res: Response): Promise<void> {
    const page = new PageContext(req, res);
    const taken = page.query('taken');
    const flash =
      taken !== undefined && /^[\w.-]{1,120}$/.test(taken)
        ? { tone: 'ok' as const, text: page.t('backup.taken', { name: taken }) }
        : null;
    const folder = this.backups.folder;
    const backups = folder ? this.backups.list() : [];
    const example = backups[0]?.name ? `${folder}/${backups[0].name}` : `${folder ?? ''}/…`;
    const model: OrganiserBackupsPage = {
      ...page.base(
        page.t('backup.title'),
        page.crumbs({ label: page.t('page.organiser'), url: urls.organiser }),
        flash,
      ),
      text: {
        intro: page.t('backup.intro', { keep: this.backups.keep, folder: folder ?? '' }),
        take: page.t('backup.take'),
        when: page.t('backup.when'),
        why: page.t('backup.why'),
        size: page.t('backup.size'),
        download: page.t('backup.download'),
        none: page.t('backup.none'),
        restoreTitle: page.t('backup.restoreTitle'),
        restore: page.t('backup.restore'),
        restoreCommand: `npx arbiter restore ${example}`,
        restoreAfter: page.t('backup.restoreAfter'),
        postgres: page.t('backup.postgres'),
        postgresRestore: page.t('backup.postgresRestore'),
        // Commands stay as they are typed, in every language of the page.
        startCommand: 'npm start',
        dumpCommand: 'pg_dump --format=custom --file=arbiter.dump "$DATABASE_URL"',
        pgRestoreCommand: 'pg_restore --dbname="$DATABASE_URL" arbiter.dump',
      },
      sqlite: folder
        ? {
            takeAction: urls.orgBackups,
            backups: backups.map((b) => {
              const key = `backup.reason.${b.reason}`;
              return {
                name: b.name,
                when: formatDateTime(page.lang, b.takenAt, page.timeZone),
                why: isMessageKey(key) ? page.t(key) : b.reason,
                size: formatBytes(b.bytes),
                url: `/api/backups/${encodeURIComponent(b.name)}`,
              };
            }),
          }
        : null,
    };
    await page.render('organiser/backups', model);
  }

  @Post()
  async take(@Req() req: AuthedRequest, @Res() res: Response): Promise<void> {
    const page = new PageContext(req, res);
    const taken = await this.backups.take('manual');
    page.redirect(withQuery(urls.orgBackups, { taken: taken.name }));
  }
}
