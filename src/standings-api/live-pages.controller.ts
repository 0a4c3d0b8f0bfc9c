import { Controller, Get, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { BadInput, NotFound } from '../common/errors';
import { IdParam } from '../common/api/id-param';
import { Revisions } from '../tournaments/revisions';
import type { PageBase } from '../render/view-models';
import { RoundsService } from '../rounds/rounds.service';
import type { GameView } from '../rounds/game.view';
import { playsAtTables } from '../tournaments/tournament-rules';
import { StandingsService } from './standings.service';
import { formatPoints, formatSpread } from '../i18n';
import { LiveStreams } from '../tournaments/live-streams';
import { LiveRef, liveRef } from '../web/live-ref';
import { PageCache } from '../web/page-cache';
import { PageContext } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { urls } from '../web/urls';

/** Lines in one column of a projector screen, and columns on a screen. */
export const PROJECTOR_ROWS = 16;
export const PROJECTOR_COLUMNS = 2;
/** Seconds a screen stays up when there are several; one screen is reloaded this often without script. */
export const PROJECTOR_SECONDS = 15;
const PROJECTOR_SECONDS_ALONE = 60;

/** A name on the projector, with the type size that lets it fit its column. */
export interface ProjectorName {
  name: string;
  /** '' (full size), 'long' or 'longer' (smaller type). */
  fit: '' | 'long' | 'longer';
}

/**
 * A name's type size: a column of the tables holds about 20 characters at full
 * size, one of the standings about 30; longer names get smaller type before
 * they are cut short with an ellipsis.
 */
export function fitName(name: string, room: number): ProjectorName {
  const n = [...name].length;
  return { name, fit: n <= room ? '' : n <= room * 1.25 ? 'long' : 'longer' };
}

/** A table of the current round, as the projector shows it. */
export interface ProjectorPairing {
  table: number;
  first: ProjectorName;
  second: ProjectorName | null;
  /** `412 : 380`, `1–0` (a forfeit), or null while the game has no result. */
  result: string | null;
}

/** A seat of a table of more than two, as the projector shows it: a line a seat. */
export interface ProjectorSeat {
  table: number;
  seat: number;
  name: ProjectorName;
  /** `22 · 1.` (score and place) once the table has a result. */
  result: string | null;
}

/** A standings line, as the projector shows it. */
export interface ProjectorStanding {
  rank: number;
  name: ProjectorName;
  /** Points as shown (`2½`); not `points`, the name of a view helper. */
  score: string;
  /** Spread as shown (`+83`). */
  margin: string;
  active: boolean;
}

/** The projector page: one screen of the division's cycle. */
export interface ProjectorPage extends PageBase {
  projector: true;
  live: LiveRef;
  refresh: { seconds: number; url: string };
  heading: string;
  caption: string;
  screen: number;
  screens: number;
  pairings: ProjectorPairing[][] | null;
  /** A division at tables: its round a line a seat, instead of `pairings`. */
  seats?: ProjectorSeat[][] | null;
  standings: ProjectorStanding[][] | null;
  empty: boolean;
}

/** `items` cut into screens of {@link PROJECTOR_COLUMNS} columns of {@link PROJECTOR_ROWS} lines. */
export function projectorScreens<T>(items: readonly T[]): T[][][] {
  const perScreen = PROJECTOR_ROWS * PROJECTOR_COLUMNS;
  const screens: T[][][] = [];
  for (let i = 0; i < items.length; i += perScreen) {
    const chunk = items.slice(i, i + perScreen);
    const columns: T[][] = [];
    for (let c = 0; c < chunk.length; c += PROJECTOR_ROWS) {
      columns.push(chunk.slice(c, c + PROJECTOR_ROWS));
    }
    screens.push(columns);
  }
  return screens;
}

/** The result of a game as one short text: the scores, else who won. */
function shortResult(result: GameView['result']): string | null {
  if (!result) return null;
  if (result.scores && result.scores.length === 2)
    return `${result.scores[0]} : ${result.scores[1]}`;
  switch (result.winner) {
    case 'first':
      return '1–0';
    case 'second':
      return '0–1';
    case 'draw':
      return '½–½';
    case 'none':
      return '0–0';
  }
}

/**
 * Live pages' server side: the stream that tells a division page its
 * division changed (`GET /divisions/:id/events`), and the big-screen
 * projector view of a division (`GET /divisions/:id/projector?screen=N`).
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@Controller()
export class LivePagesController {
  private readonly cache = new PageCache();

  constructor(
    private readonly revisions: Revisions,
    private readonly streams: LiveStreams,
    private readonly standings: StandingsService,
    private readonly rounds: RoundsService,
  ) {}

  /**
   * Server-sent events: `event: revision` with the division's revision when
   * the stream opens and whenever it moves; a comment every 25 s.
   */
  @Get('divisions/:id/events')
  async events(
    @IdParam('id', 'division') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const revision = await this.revisions.get(id);
    if (revision === null) throw new NotFound('division', id);
    this.streams.serve(req, res, id, revision);
  }

  /**
   * The current round's tables, then the standings, in large type for a
   * projector: screens of two columns of 16 lines, each shown for 15 s and
   * followed by the next (a `<meta refresh>`, so that no script is needed).
   */
  @Get('divisions/:id/projector')
  async projector(
    @IdParam('id', 'division') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const raw = page.query('screen');
    if (raw !== undefined && raw !== '' && !/^[1-9]\d{0,3}$/.test(raw)) {
      throw new BadInput('BAD_SCREEN', 'screen must be a whole number from 1');
    }
    const asked = raw ? Number(raw) : 1;
    const revision = await this.revisions.get(id);
    if (revision === null) throw new NotFound('division', id);
    page.canonicalPath = urls.projector(id, asked);
    const render = () => this.renderProjector(page, id, revision, asked);
    if (page.staff) {
      page.send(await render());
      return;
    }
    const key = `${page.lang} ${page.canonicalPath}`;
    page.sendKept(await this.cache.serve(key, revision, render, id));
  }

  private async renderProjector(
    page: PageContext,
    id: number,
    revision: number,
    asked: number,
  ): Promise<string> {
    const snap = await this.standings.snapshot(id);
    const { view, tournament, division } = snap;
    const paired = view.roundsPaired;
    const round = paired > 0 ? await this.rounds.get(id, paired) : null;
    const tables: ProjectorPairing[] = (round?.games ?? []).map((g) => ({
      table: g.table,
      first: fitName(g.first.name, 20),
      second: g.second ? fitName(g.second.name, 20) : null,
      result: g.second ? shortResult(g.result) : null,
    }));
    const atTables = playsAtTables(division);
    const seats: ProjectorSeat[] = (round?.games ?? []).flatMap((g) =>
      (g.seats?.length ? g.seats : [{ player: g.first, score: null, place: null }]).map((s, i) => ({
        table: g.table,
        seat: i + 1,
        name: fitName(s.player.name, 24),
        result: s.score !== null && s.place !== null ? `${s.score} · ${s.place}.` : null,
      })),
    );
    const lines: ProjectorStanding[] = view.rows.map((r) => ({
      rank: r.rank,
      name: fitName(r.name, 30),
      score: formatPoints(r.points),
      margin: formatSpread(r.spread),
      active: r.active,
    }));
    const pairingScreens: (ProjectorPairing | ProjectorSeat)[][][] = atTables
      ? projectorScreens(seats)
      : projectorScreens(tables);
    const standingScreens = view.round > 0 ? projectorScreens(lines) : [];
    const screens = pairingScreens.length + standingScreens.length;
    const screen = asked <= Math.max(screens, 1) ? asked : 1;
    const onPairings = screen <= pairingScreens.length;
    const pairingsCaption = `${page.t('division.pairings')} · ${page.t('common.round', { n: paired })}${
      round && round.pending > 0 ? ` · ${page.t('org.pendingGames', { n: round.pending })}` : ''
    }`;
    const standingsCaption = `${page.t('division.standings')}${
      view.round > 0 ? ` · ${page.t('common.throughRound', { n: view.round })}` : ''
    }`;
    const next = screens > 1 ? (screen % screens) + 1 : 1;
    const model: ProjectorPage = {
      ...page.base(`${page.t('division.projector')} · ${division.name}`),
      projector: true,
      live: liveRef(id, revision),
      refresh: {
        seconds: screens > 1 ? PROJECTOR_SECONDS : PROJECTOR_SECONDS_ALONE,
        url: urls.projector(id, next),
      },
      heading: `${tournament.name} · ${division.name}`,
      caption: screens === 0 ? division.name : onPairings ? pairingsCaption : standingsCaption,
      screen,
      screens,
      pairings:
        onPairings && !atTables
          ? ((pairingScreens[screen - 1] as ProjectorPairing[][] | undefined) ?? null)
          : null,
      ...(atTables
        ? {
            seats: onPairings
              ? ((pairingScreens[screen - 1] as ProjectorSeat[][] | undefined) ?? null)
              : null,
          }
        : {}),
      standings: !onPairings ? (standingScreens[screen - pairingScreens.length - 1] ?? null) : null,
      empty: screens === 0,
    };
    return page.renderToString('public/projector', model);
  }
}
