import { Controller, Get, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { BadInput } from '../common/errors';
import { IdParam } from '../common/api/id-param';
import { DirectorLogService, LOG_PAGE } from './director-log.service';
import type { OrganiserLogPage } from './log-page';
import { logLine } from './log-page';
import { LogSubjects } from './log-subjects';
import { PageContext } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { SameOriginGuard } from '../web/same-origin.guard';
import { urls } from '../web/urls';

/** The director's log of a tournament, as the organiser reads it, with the undo of a removal. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('organiser')
@Controller('organiser')
export class LogPagesController {
  constructor(
    private readonly subjects: LogSubjects,
    private readonly log: DirectorLogService,
  ) {}

  /**
   * The director's log, newest first, {@link LOG_PAGE} entries a page: `division` shows one
   * division's, `before` (an entry id) the entries older than it.
   */
  @Get('tournaments/:id/log')
  async logPage(
    @IdParam('id', 'tournament') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const number = (field: string): number | undefined => {
      const raw = page.query(field);
      if (raw === undefined || raw === '') return undefined;
      if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
        throw new BadInput('VALIDATION_FAILED', `${field} must be a whole number from 1`, {
          field,
        });
      }
      return Number(raw);
    };
    const division = number('division');
    const before = number('before');
    const t = await this.subjects.tournament(id);
    const found = await this.log.list(id, { division, before, limit: LOG_PAGE });
    // Removals undone already offer no undo (the undoing entry is newer, so on this page or
    // a newer one: the newest are read for it).
    const newest = before === undefined ? found : await this.log.list(id, { limit: LOG_PAGE });
    const restored = new Set(
      [...newest.entries, ...found.entries].flatMap((e) =>
        typeof e.after?.restoredFrom === 'number' ? [e.after.restoredFrom] : [],
      ),
    );
    // The times are the tournament's, where it is played.
    const zone = page.timeZoneOf(t);
    const model: OrganiserLogPage = {
      ...page.base(
        `${page.t('log.title')} · ${t.name}`,
        page.crumbs(
          { label: page.t('page.organiser'), url: urls.organiser },
          { label: t.name, url: urls.orgTournament(id) },
        ),
        page.flashFromQuery(),
      ),
      tournament: { name: t.name, url: urls.orgTournament(id) },
      divisions:
        t.divisions.length > 1
          ? t.divisions.map((d) => ({ id: d.id, name: d.name, selected: d.id === division }))
          : [],
      filterAction: urls.orgLog(id),
      entries: found.entries.map((e) => {
        const line = logLine(page.lang, e, zone);
        const { removal, restoredFrom: _, ...shown } = line;
        return removal && !restored.has(removal.entry)
          ? { ...shown, restoreAction: urls.restorePlayer(id, removal.entry) }
          : shown;
      }),
      olderUrl:
        found.older === null ? undefined : urls.orgLog(id, { division, before: found.older }),
      newestUrl: before === undefined ? undefined : urls.orgLog(id, { division }),
    };
    await page.render('organiser/log', model);
  }
}
