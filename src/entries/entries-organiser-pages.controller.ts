import { Body, Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { IdParam } from '../common/api/id-param';
import { formatDateTime } from '../i18n/time';
import type { FieldError } from '../render/view-models';
import { ConfirmForm, FieldReader, type CheckedForm } from '../web/form-dto';
import { refusal } from '../web/forms';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { PageForm } from '../web/page-form';
import { SameOriginGuard } from '../web/same-origin.guard';
import { urls } from '../web/urls';
import { EntriesService, type DivisionEntrySetting, type EntriesState } from './entries.service';
import { OpenEntriesForm } from './entry-forms';
import type { OrganiserEntriesPage } from './entry-page-models';
import { msToZoned, zonedToMs } from './zoned-time';

/**
 * The organiser's entries page of a tournament: opening entries (deadline, divisions, caps,
 * waiting list) and closing them, and the entries per division, each confirmed (which
 * registers its player) or refused after asking.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('organiser')
@Controller('organiser')
export class EntriesOrganiserPagesController {
  constructor(private readonly entries: EntriesService) {}

  @Get('tournaments/:id/entries')
  async page(
    @IdParam('id', 'tournament') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    await this.show(page, await this.entries.state(id), null, []);
  }

  /**
   * Opens (or changes) the entries: `deadline` (`2026-12-20T18:00`, the tournament's zone) and
   * for each division `takes{id}` (ticked), `cap{id}` (empty: no cap) and `waiting{id}`.
   */
  @Post('tournaments/:id/entries')
  async open(
    @IdParam('id', 'tournament') id: number,
    @PageForm(OpenEntriesForm) form: CheckedForm<OpenEntriesForm>,
    @Body() body: unknown,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const state = await this.entries.state(id);
    const zone = page.timeZoneOf(state);
    const reader = new FieldReader(body);
    const settings: DivisionEntrySetting[] = state.divisions.map((d) => ({
      divisionId: d.divisionId,
      takes: reader.raw(`takes${d.divisionId}`) !== '',
      cap: reader.int(`cap${d.divisionId}`, 1, 100_000),
      waitingList: reader.raw(`waiting${d.divisionId}`) !== '',
    }));
    const deadlineMs = form.values.deadline ? zonedToMs(form.values.deadline, zone) : null;
    if (form.ok && deadlineMs === null) form.fail('deadline', 'form.dateTime');
    const errors = [
      ...form.errorsIn(page.lang),
      ...reader.problems.map((p) => ({
        field: p.field,
        message: 'key' in p ? page.t(p.key, p.params) : p.message,
      })),
    ];
    if (errors.length > 0 || deadlineMs === null) {
      await this.show(
        page,
        state,
        { deadline: form.typed('deadline'), settings, raw: (n) => reader.raw(n) },
        errors,
        400,
      );
      return;
    }
    try {
      await this.entries.open(id, deadlineMs, settings, page.user);
    } catch (e) {
      const { status, message } = refusal(page.lang, e);
      await this.show(
        page,
        state,
        { deadline: form.typed('deadline'), settings, raw: (n) => reader.raw(n) },
        [{ field: '', message }],
        status,
      );
      return;
    }
    page.redirect(withQuery(urls.orgEntries(id), { done: 'saved' }));
  }

  @Post('tournaments/:id/entries/close')
  async close(
    @IdParam('id', 'tournament') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    await this.entries.close(id, page.user);
    page.redirect(withQuery(urls.orgEntries(id), { done: 'saved' }));
  }

  /** Confirms an entry: its player is registered in its division. */
  @Post('entries/:id/confirm')
  async confirm(
    @IdParam('id', 'entry') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const entry = await this.entries.get(id);
    await this.decide(page, entry, () => this.entries.confirm(id, page.user));
  }

  /** Refuses an entry, after asking (posted without `confirm`, it asks). */
  @Post('entries/:id/refuse')
  async refuse(
    @IdParam('id', 'entry') id: number,
    @PageForm(ConfirmForm) form: CheckedForm<ConfirmForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const entry = await this.entries.get(id);
    const back = urls.orgEntries(entry.tournamentId);
    if (!form.values.confirm) {
      const state = await this.entries.state(entry.tournamentId);
      await page.render('organiser/confirm', {
        ...page.base(
          page.t('entry.refuseTitle', { name: entry.name }),
          page.crumbs(
            { label: page.t('page.organiser'), url: urls.organiser },
            { label: state.tournament, url: urls.orgTournament(entry.tournamentId) },
            { label: page.t('entry.entries'), url: back },
          ),
        ),
        lines: [page.t('entry.refuseWhat', { name: entry.name, division: entry.division })],
        items: [],
        note: page.t('entry.refuseNote'),
        action: urls.orgEntryRefuse(id),
        fields: [],
        button: page.t('entry.refuse'),
        danger: true,
        cancel: page.t('confirm.cancel'),
        cancelUrl: back,
      });
      return;
    }
    await this.decide(page, entry, () => this.entries.refuse(id, page.user));
  }

  /** Undoes a refusal: the entry waits for a decision again (not destructive: nothing asked). */
  @Post('entries/:id/restore')
  async restore(
    @IdParam('id', 'entry') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const entry = await this.entries.get(id);
    await this.decide(page, entry, () => this.entries.restore(id, page.user));
  }

  /**
   * The organiser's decision on an entry: back to the entries, or their page again with the
   * refusal, naming the entry.
   */
  private async decide(
    page: PageContext,
    entry: { tournamentId: number; name: string },
    act: () => Promise<unknown>,
  ): Promise<void> {
    try {
      await act();
    } catch (e) {
      const { status, message } = refusal(page.lang, e);
      await this.show(
        page,
        await this.entries.state(entry.tournamentId),
        null,
        [{ field: '', message: `${entry.name}: ${message}` }],
        status,
      );
      return;
    }
    page.redirect(withQuery(urls.orgEntries(entry.tournamentId), { done: 'saved' }));
  }

  private async show(
    page: PageContext,
    state: EntriesState,
    typed: {
      deadline: string;
      settings: DivisionEntrySetting[];
      raw: (name: string) => string;
    } | null,
    errors: FieldError[],
    status = 200,
  ): Promise<void> {
    const zone = page.timeZoneOf(state);
    const entries = await this.entries.list(state.tournamentId);
    const reader = (name: string) => typed?.raw(name) ?? '';
    const deadline =
      state.deadlineMs === null
        ? ''
        : `${formatDateTime(page.lang, new Date(state.deadlineMs), zone)} (${zone})`;
    const passed = state.deadlineMs !== null && Date.now() > state.deadlineMs;
    const model: OrganiserEntriesPage = {
      ...page.base(
        page.t('entry.organiserTitle', { tournament: state.tournament }),
        page.crumbs(
          { label: page.t('page.organiser'), url: urls.organiser },
          { label: state.tournament, url: urls.orgTournament(state.tournamentId) },
        ),
        page.flashFromQuery(),
      ),
      stateText: !state.open
        ? page.t('entry.stateClosed')
        : passed
          ? page.t('entry.statePassed', { deadline })
          : page.t('entry.stateOpen', { deadline }),
      stateTone: state.open && !passed ? 'ok' : 'warn',
      open: state.open,
      openAction: urls.orgEntries(state.tournamentId),
      closeAction: urls.orgEntriesClose(state.tournamentId),
      publicUrl: urls.enter(state.tournamentId),
      timeZone: zone,
      values: {
        deadline:
          typed?.deadline ?? (state.deadlineMs === null ? '' : msToZoned(state.deadlineMs, zone)),
      },
      divisionSettings: state.divisions.map((d) => {
        const t = typed?.settings.find((s) => s.divisionId === d.divisionId);
        return {
          id: d.divisionId,
          name: d.name,
          takes: t ? t.takes : d.takes,
          cap: t ? reader(`cap${d.divisionId}`) : String(d.cap ?? ''),
          capError: errors.find((e) => e.field === `cap${d.divisionId}`)?.message ?? '',
          waitingList: t ? t.waitingList : d.waitingList,
        };
      }),
      divisions: state.divisions
        .filter((d) => d.takes || entries.some((e) => e.divisionId === d.divisionId))
        .map((d) => ({
          name: d.name,
          counts: page.t('entry.counts', {
            taken: d.taken,
            cap: d.cap ?? '∞',
            waiting: d.waiting,
          }),
          entries: entries
            .filter((e) => e.divisionId === d.divisionId)
            .map((e) => ({
              id: e.id,
              name: e.name,
              club: e.club ?? '',
              federationId: e.federationId ?? '',
              email: e.email,
              status:
                e.status === 'waiting'
                  ? page.t('entry.org.waiting', { place: e.place ?? 0 })
                  : page.t(`entry.org.${e.status}`),
              tone:
                e.status === 'confirmed'
                  ? 'ok'
                  : e.status === 'waiting'
                    ? 'warn'
                    : e.status === 'entered'
                      ? ''
                      : 'bad',
              flags: e.flags.map((f) => page.t(`entry.flag.${f.kind}.${f.of}`, { name: f.name })),
              confirmAction: e.status === 'entered' ? urls.orgEntryConfirm(e.id) : null,
              refuseAction:
                e.status === 'entered' || e.status === 'waiting' ? urls.orgEntryRefuse(e.id) : null,
              restoreAction: e.status === 'refused' ? urls.orgEntryRestore(e.id) : null,
            })),
        })),
      errors,
    };
    await page.render('organiser/entries', model, status);
  }
}
