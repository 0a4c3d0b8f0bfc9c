import {
  Controller,
  Get,
  Post,
  Req,
  Res,
  UploadedFile,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { CSV_LIMIT, formatBytes } from '../common/body/body-limits';
import { detailsOf, DomainError, TooLarge } from '../common/errors';
import { IdParam } from '../common/api/id-param';
import type { ImportedPlayers } from './player-import';
import { refusedPlayerOf } from './registration';
import type { PlayerView } from './player.view';
import { Jobs } from '../jobs/jobs';
import { PlayersService } from './players.service';
import { PlayerRounds } from './player-rounds';
import type { PersonCandidate } from '../registry/persons';
import { RegistryService } from '../registry/registry.service';
import { personUrl } from '../registry/registry-pages.controller';
import { jobUrls, lineCount, PAGE_WAIT_PLAYER_LINES } from '../web/job-urls';
import { CsvPreviewPage, parsePlayersCsv, previewCounts, previewPage } from './players-csv';
import type { CsvPreview } from './players-csv';
import type { FieldError, OrganiserConfirmPage } from '../render/view-models';
import type { OrganiserPlayersPage } from './players-page';
import { TournamentsService } from '../tournaments/tournaments.service';
import { FormWithFile, refusal, type Uploaded } from '../web/forms';
import { ConfirmForm, type CheckedForm } from '../web/form-dto';
import { PageForm } from '../web/page-form';
import { AbsenceForm, AddPlayerForm, PlayersCsvForm } from './player-forms';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { SameOriginGuard } from '../web/same-origin.guard';
import { urls } from '../web/urls';

/**
 * The query of the page after a registration: its flash, and when a new player's name looks
 * like a registered one's, `like` pairs (`Ана Петровић ~ Ana Petrović`) for a warning.
 */
function lookAlikeFlash(
  added: readonly PlayerView[],
  query: Record<string, string | number>,
): Record<string, string | number> {
  return likeFlash(
    added.flatMap((p) => (p.lookAlikes ?? []).map((o) => `${p.name} ~ ${o.name}`)),
    query,
  );
}

/** The query of the page after a registration, with the look-alike `pairs` (the first five). */
export function likeFlash(
  pairs: readonly string[],
  query: Record<string, string | number>,
): Record<string, string | number> {
  return pairs.length > 0 ? { ...query, like: pairs.slice(0, 5).join('; ') } : query;
}

/**
 * A command of a page that the rules refused (a 4xx): back to `back`, the refusal named by its
 * code for the flash; anything else is thrown on, to the error page.
 */
function refusedTo(page: PageContext, back: string, e: unknown): void {
  if (!(e instanceof DomainError) || e.status >= 500) throw e;
  page.redirect(withQuery(back, { refused: e.code }));
}

/** The registration form as typed, to show it again. */
function addPlayerTyped(form: CheckedForm<AddPlayerForm>) {
  const typed = (f: keyof AddPlayerForm) => form.typed(f);
  return {
    name: typed('name'),
    club: typed('club'),
    rating: typed('rating'),
    seed: typed('seed'),
    country: typed('country'),
    federationId: typed('federationId'),
  };
}

/** The registration form's field a refusal is about (`''`: the form as a whole). */
function registrationField(code: string, fromRegistry: boolean): string {
  if (code === 'SEED_TAKEN') return 'seed';
  if (fromRegistry) return '';
  if (code === 'PLAYER_EXISTS') return 'name';
  return code.startsWith('FEDERATION_ID') ? 'federationId' : '';
}

/** A CSV beyond {@link CSV_LIMIT} is refused whole, never cut short. */
function refuseLongCsv(text: string): void {
  if (text.length > CSV_LIMIT) {
    throw new TooLarge(
      'BODY_TOO_LARGE',
      `the players CSV is larger than ${formatBytes(CSV_LIMIT)}, the most an import takes`,
      { limit: formatBytes(CSV_LIMIT) },
    );
  }
}

/**
 * The organiser's players page: register one player (with the registry's candidates), import a
 * CSV file after a preview of its errors, seed by rating, withdraw, remove, reinstate, absences.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('organiser')
@Controller('organiser')
export class PlayersPagesController {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly players: PlayersService,
    private readonly rounds: PlayerRounds,
    private readonly registry: RegistryService,
    private readonly jobs: Jobs,
  ) {}

  // ------------------------------------------------------------ players

  @Get('divisions/:id/players')
  async playersPage(
    @IdParam('id', 'division') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const model = await this.playersModel(page, id, {}, [], null);
    const q = (page.query('find') ?? '').trim();
    let status = 200;
    let found: PersonCandidate[] | null = null;
    const errors: FieldError[] = [];
    if (q !== '') {
      if (q.length < 2 || q.length > 200) {
        errors.push({ field: 'find', message: page.t('form.tooLong', { max: 200 }) });
        status = 400;
      } else found = await this.registry.search(q);
    }
    await page.render(
      'organiser/players',
      await this.withRegistry(page, id, model, { q, found, errors }),
      status,
    );
  }

  /**
   * The players page with the registry's search (`?find=`): the persons found, each with a
   * button that registers them, or the persons a name could mean after a 409 PERSON_AMBIGUOUS.
   */
  private async withRegistry(
    page: PageContext,
    divisionId: number,
    model: OrganiserPlayersPage,
    find: { q: string; found: PersonCandidate[] | null; errors: FieldError[]; ambiguous?: boolean },
  ) {
    const registered = new Set(
      (await this.players.list(divisionId)).map((p) => p.personId).filter((x) => x !== null),
    );
    return {
      ...model,
      registry: {
        action: urls.orgPlayers(divisionId),
        q: find.q,
        errors: find.errors,
        ambiguous: find.ambiguous ?? false,
        found:
          find.found?.map((p) => ({
            ...p,
            url: personUrl(p.id),
            registered: registered.has(p.id),
          })) ?? null,
      },
    };
  }

  /** Posts `name`, `club`, `rating`, `seed`, `country`, `federationId`; `person` or `newPerson`. */
  @Post('divisions/:id/players')
  async addPlayer(
    @IdParam('id', 'division') id: number,
    @PageForm(AddPlayerForm) form: CheckedForm<AddPlayerForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const { name, club, rating, seed, person, country, federationId, newPerson } = form.values;
    const again = async (errors: FieldError[], status = 400, candidates?: PersonCandidate[]) => {
      const typed = addPlayerTyped(form);
      const model = await this.playersModel(page, id, typed, errors, null);
      const find = { q: candidates ? typed.name : '', found: candidates ?? null, errors: [] };
      await page.render(
        'organiser/players',
        await this.withRegistry(page, id, model, { ...find, ambiguous: !!candidates }),
        status,
      );
    };
    if (!form.ok) return again(form.errorsIn(page.lang));
    let registered: PlayerView;
    try {
      // A person picked from the registry is registered under the registry's name and club.
      registered = await this.players.register(
        id,
        person !== null
          ? { person }
          : {
              name: name!,
              club,
              rating,
              ...(seed !== null ? { seed } : {}),
              ...(country !== null ? { country } : {}),
              ...(federationId !== null ? { federationId } : {}),
              ...(newPerson ? { newPerson } : {}),
            },
        page.user,
      );
    } catch (e) {
      const { status, message, code } = refusal(page.lang, e);
      const candidates =
        code === 'PERSON_AMBIGUOUS' ? detailsOf(e, 'PERSON_AMBIGUOUS')?.candidates : undefined;
      const field = registrationField(code, person !== null);
      return again([{ field, message }], status, person === null ? candidates : undefined);
    }
    const flash =
      person !== null ? { done: 'saved' } : lookAlikeFlash([registered], { done: 'saved' });
    page.redirect(withQuery(urls.orgPlayers(id), flash));
  }

  /** Posts `csv` (a file, multipart) or `csvText`: the preview, nothing imported. */
  @Post('divisions/:id/players/csv')
  @FormWithFile('csv', CSV_LIMIT)
  async previewCsv(
    @IdParam('id', 'division') id: number,
    @UploadedFile() file: Uploaded,
    @PageForm(PlayersCsvForm) form: CheckedForm<PlayersCsvForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const text = (
      file && file.size > 0 ? file.buffer.toString('utf8') : form.values.csvText
    ).replace(/^\uFEFF/, '');
    refuseLongCsv(text);
    // A long file is read in a job's process: reading 20,000 lines here would hold up everyone.
    const preview =
      lineCount(text) > PAGE_WAIT_PLAYER_LINES
        ? await this.players.previewInWorker(id, text, page.lang)
        : previewPage(parsePlayersCsv(text, page.lang, await this.registeredNames(id)));
    await page.render(
      'organiser/players',
      await this.playersModel(page, id, {}, [], { text, preview }),
      preview.ok ? 200 : 422,
    );
  }

  /** Posts `csvText` (the text previewed): every player in one transaction, or none. */
  @Post('divisions/:id/players/import')
  async importCsv(
    @IdParam('id', 'division') id: number,
    @PageForm(PlayersCsvForm) form: CheckedForm<PlayersCsvForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const text = form.values.csvText;
    refuseLongCsv(text);
    // Read and registered in a job's process. A long file's page follows the job with a progress
    // bar; a shorter one is read here first too (its mistakes shown in the preview) and waited for.
    if (lineCount(text) > PAGE_WAIT_PLAYER_LINES) {
      // Its start (a row written, a process forked) in a turn of its own, after the reading.
      await new Promise((resolve) => setImmediate(resolve));
      const job = await this.players.startImport(id, text, page.lang, page.user);
      page.redirect(jobUrls.page(job.id));
      return;
    }
    const preview = parsePlayersCsv(text, page.lang, await this.registeredNames(id));
    const show = async (status: number, shown: CsvPreview) =>
      page.render(
        'organiser/players',
        await this.playersModel(page, id, {}, [], { text, preview: previewPage(shown) }),
        status,
      );
    if (!preview.ok) {
      await show(422, preview);
      return;
    }
    let imported: ImportedPlayers;
    try {
      const job = await this.players.startImport(id, text, page.lang, page.user);
      imported = await this.jobs.outcome(job);
    } catch (e) {
      const { status, message } = refusal(page.lang, e);
      const index = refusedPlayerOf(e)?.index;
      const line = index !== undefined ? (preview.players[index]?.line ?? 1) : 1;
      const problem = {
        line,
        code: 'duplicate-name' as const,
        severity: 'error' as const,
        message,
      };
      await show(status, {
        ...preview,
        ok: false,
        errors: [problem],
        rows: preview.rows.map((r) =>
          r.line === line ? { ...r, ok: false, problems: [...r.problems, problem] } : r,
        ),
      });
      return;
    }
    page.redirect(
      withQuery(
        urls.orgPlayers(id),
        likeFlash(imported.lookAlikes, { done: 'imported', n: imported.imported }),
      ),
    );
  }

  /**
   * Withdraws a player: first a page that says what it means (not paired again, kept in the
   * standings, the games still waiting for a result) and how it is undone; then, posted again
   * with `confirm`, the withdrawal.
   */
  @Post('players/:id/withdraw')
  async withdraw(
    @IdParam('id', 'player') id: number,
    @PageForm(ConfirmForm) form: CheckedForm<ConfirmForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    if (!form.values.confirm) {
      const player = await this.players.get(id);
      const { tournament, division } = await this.tournaments.divisionWithTournament(
        player.divisionId,
      );
      const pending = (await this.rounds.gamesOf(id)).filter((g) => g.pending).length;
      const params = { name: player.name, division: division.name, n: pending };
      await page.render(
        'organiser/confirm',
        this.confirmModel(page, tournament, division, {
          title: page.t('confirm.withdraw.title', params),
          lines: [page.t('confirm.withdraw.what', params)],
          items: pending > 0 ? [page.t('confirm.withdraw.pending', params)] : [],
          note: page.t('confirm.withdraw.undo'),
          action: urls.withdraw(id),
          button: page.t('confirm.withdraw.button', params),
          back: urls.orgPlayers(player.divisionId),
        }),
      );
      return;
    }
    const player = await this.players.withdraw(id, page.user);
    page.redirect(withQuery(urls.orgPlayers(player.divisionId), { done: 'withdrawn' }));
  }

  /**
   * Removes a player paired in no round: first a page that names them and says how it is
   * undone (from the director's log), then, with `confirm`, the removal.
   */
  @Post('players/:id/remove')
  async removePlayer(
    @IdParam('id', 'player') id: number,
    @PageForm(ConfirmForm) form: CheckedForm<ConfirmForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const player = await this.players.get(id);
    const back = urls.orgPlayers(player.divisionId);
    if (!form.values.confirm) {
      const { tournament, division } = await this.tournaments.divisionWithTournament(
        player.divisionId,
      );
      if ((await this.rounds.gamesOf(id)).length > 0) {
        page.redirect(withQuery(back, { refused: 'PLAYER_HAS_GAMES' }));
        return;
      }
      const params = { name: player.name, seed: player.seed, division: division.name };
      await page.render(
        'organiser/confirm',
        this.confirmModel(page, tournament, division, {
          title: page.t('confirm.remove.title', params),
          lines: [page.t('confirm.remove.what', params)],
          items: [],
          note: page.t('confirm.remove.undo'),
          action: urls.removePlayer(id),
          button: page.t('confirm.remove.button', params),
          back,
        }),
      );
      return;
    }
    try {
      await this.players.remove(id, page.user);
    } catch (e) {
      refusedTo(page, back, e);
      return;
    }
    page.redirect(withQuery(back, { done: 'playerRemoved' }));
  }

  /**
   * Seeds a division by rating: first a page that lists the seeds that move (and, once round 1
   * is paired, what seeds still change), then, with `confirm`, the new seeds.
   */
  @Post('divisions/:id/seeds')
  async seedByRating(
    @IdParam('id', 'division') id: number,
    @PageForm(ConfirmForm) form: CheckedForm<ConfirmForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const back = urls.orgPlayers(id);
    try {
      if (!form.values.confirm) {
        const { tournament, division } = await this.tournaments.divisionWithTournament(id);
        const preview = await this.players.seedPreview(id, { by: 'rating' });
        if (preview.scheduled) {
          page.redirect(withQuery(back, { refused: 'SEEDS_FIXED' }));
          return;
        }
        const params = { division: division.name, n: preview.paired };
        await page.render(
          'organiser/confirm',
          this.confirmModel(page, tournament, division, {
            title: page.t('confirm.seeds.title'),
            lines: [
              page.t('confirm.seeds.what', params),
              ...(preview.paired > 0 ? [page.t('confirm.seeds.paired', params)] : []),
              ...(preview.moves.length === 0 ? [page.t('confirm.seeds.none')] : []),
            ],
            items: preview.moves.map((x) =>
              page.t('confirm.seeds.move', { name: x.name, before: x.before, after: x.after }),
            ),
            note: page.t('confirm.seeds.kept'),
            action: urls.seedByRating(id),
            button: page.t('confirm.seeds.button'),
            back,
            danger: false,
          }),
        );
        return;
      }
      await this.players.reseed(id, { by: 'rating', confirm: true }, page.user);
    } catch (e) {
      refusedTo(page, back, e);
      return;
    }
    page.redirect(withQuery(back, { done: 'seeded' }));
  }

  /** Undoes a player's removal from the director's log: the player is registered again. */
  @Post('tournaments/:id/log/:entry/restore')
  async restorePlayer(
    @IdParam('id', 'tournament') id: number,
    @IdParam('entry', 'log entry') entry: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    let player;
    try {
      player = await this.players.restore(id, entry, page.user);
    } catch (e) {
      refusedTo(page, urls.orgLog(id), e);
      return;
    }
    page.redirect(withQuery(urls.orgPlayers(player.divisionId), { done: 'playerRestored' }));
  }

  /** The confirmation page of an action on a division's players or rounds. */
  private confirmModel(
    page: PageContext,
    tournament: { id: number; name: string },
    division: { id: number; name: string },
    what: {
      title: string;
      lines: string[];
      items: string[];
      note: string;
      action: string;
      button: string;
      back: string;
      danger?: boolean;
    },
  ): OrganiserConfirmPage {
    return {
      ...page.base(
        what.title,
        page.crumbs(
          { label: page.t('page.organiser'), url: urls.organiser },
          { label: tournament.name, url: urls.orgTournament(tournament.id) },
          { label: division.name, url: urls.orgPlayers(division.id) },
        ),
      ),
      lines: what.lines,
      items: what.items,
      note: what.note,
      action: what.action,
      fields: [],
      button: what.button,
      danger: what.danger ?? true,
      cancel: page.t('confirm.cancel'),
      cancelUrl: what.back,
    };
  }

  @Post('players/:id/reinstate')
  async reinstate(
    @IdParam('id', 'player') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const player = await this.players.reinstate(id, page.user);
    page.redirect(withQuery(urls.orgPlayers(player.divisionId), { done: 'reinstated' }));
  }

  /** Posts `round`: the player is absent for it (not paired, no bye); `undo` takes it back. */
  @Post('players/:id/absences')
  async absence(
    @IdParam('id', 'player') id: number,
    @PageForm(AbsenceForm) form: CheckedForm<AbsenceForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const player = await this.players.get(id);
    const { round } = form.values;
    const undo = form.values.undo === '1';
    const back = urls.orgPlayers(player.divisionId);
    if (!form.ok) {
      // The page again, 400, with what is wrong beside the field of that player and the value kept.
      const model = await this.playersModel(page, player.divisionId, {}, [], null);
      const line = model.players.find((p) => p.absenceAction === urls.absences(id));
      if (line)
        line.absence = { value: form.typed('round'), error: form.errorsIn(page.lang)[0].message };
      await page.render(
        'organiser/players',
        await this.withRegistry(page, player.divisionId, model, { q: '', found: null, errors: [] }),
        400,
      );
      return;
    }
    try {
      if (undo) await this.players.unmarkAbsent(id, round!, page.user);
      else await this.players.markAbsent(id, { round: round! }, page.user);
      page.redirect(withQuery(back, { done: undo ? 'absenceUndone' : 'absent' }));
    } catch (e) {
      refusedTo(page, back, e);
    }
  }
  /** The names of a division's players, for the CSV preview's look-alike warnings. */
  private async registeredNames(divisionId: number): Promise<string[]> {
    return (await this.players.list(divisionId)).map((p) => p.name);
  }
  private async playersModel(
    page: PageContext,
    divisionId: number,
    addValues: OrganiserPlayersPage['addValues'],
    addErrors: FieldError[],
    csv?: { text: string; preview: CsvPreviewPage } | null,
  ): Promise<OrganiserPlayersPage> {
    const { tournament, division } = await this.tournaments.divisionWithTournament(divisionId);
    const players = await this.players.list(divisionId);
    const seated = await this.rounds.seatedIn(divisionId);
    return {
      ...page.base(
        `${page.t('org.players')} · ${division.name}`,
        page.crumbs(
          { label: page.t('page.organiser'), url: urls.organiser },
          { label: tournament.name, url: urls.orgTournament(tournament.id) },
        ),
        page.flashFromQuery(),
      ),
      tournament: { name: tournament.name, url: urls.orgTournament(tournament.id) },
      division: { name: division.name, roundsUrl: urls.orgRounds(divisionId) },
      players: players.map((p) => ({
        name: p.name,
        personUrl: p.personId !== null ? personUrl(p.personId) : undefined,
        club: p.club,
        rating: p.rating,
        seed: p.seed,
        active: p.active,
        editUrl: urls.editPlayer(p.id),
        withdrawAction: urls.withdraw(p.id),
        removeAction: seated.has(p.id) ? undefined : urls.removePlayer(p.id),
        reinstateAction: urls.reinstate(p.id),
        absenceAction: urls.absences(p.id),
        absentRounds: p.absentRounds,
      })),
      addAction: urls.orgPlayers(divisionId),
      seedAction: players.length > 1 ? urls.seedByRating(divisionId) : undefined,
      addValues,
      addErrors,
      previewAction: urls.csvPreview(divisionId),
      importAction: urls.csvImport(divisionId),
      csv: csv && { ...csv, counts: previewCounts(csv.preview, page.lang) },
    };
  }
}
