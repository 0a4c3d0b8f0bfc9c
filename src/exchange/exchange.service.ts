import { tournamentRow } from '../tournaments/division-rows';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { NotFound } from '../common/errors';
import { Transactions } from '../database/transactions';
import { inJobProcess, jobDatabase } from '../jobs/in-job-process';
import { Job, Jobs } from '../jobs/jobs';
import type { Actor } from '../log/director-log';
import { logForExport } from '../log/log-export';
import { absentRoundsOf, playersForExport } from '../players/players-export';
import {
  resultChangesForExport,
  sheetsForExport,
  type ExportedSheet,
} from '../results/results-export';
import { prizeTableForExport } from '../prizes/prizes-export';
import { ResultSnapshot } from '../rounds/game-facts';
import {
  gamesForExport,
  roundsForExport,
  seatsForExport,
  type ExportedGame,
  type ExportedSeat,
} from '../rounds/rounds-export';
import { namedSettings } from '../tournaments/tournament-rules';
import { divisionsForExport, type ExportedDivision } from '../tournaments/tournament-export';
import { TournamentsService } from '../tournaments/tournaments.service';
import { TournamentView } from '../tournaments/tournament.view';
import { rulingsForExport, wordListForExport } from '../words/words-export';
import {
  DivisionDocument,
  EXCHANGE_FORMAT,
  GameDocument,
  HistoryDocument,
  TournamentDocument,
  WordRulingDocument,
} from './format';
import { LogDocument } from './log-format';
import type { ImportUpload } from './import-upload.entity';
import { dropUpload, keptUpload } from './import-uploads';
import type { CopyRequest, ImportPreview } from './tournament-import';

/** What an imported tournament is: its id and name. */
export interface ImportedTournament {
  id: number;
  name: string;
}

@Injectable()
export class ExchangeService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly tournaments: TournamentsService,
    private readonly jobs: Jobs,
  ) {}

  /** The whole tournament as one document (`arbiter-tournament/1`). */
  async export(id: number): Promise<TournamentDocument> {
    const m = this.dataSource.manager;
    const t = await tournamentRow(m, id);
    if (!t) throw new NotFound('tournament', id);
    const divisions = await divisionsForExport(m, id);
    const docs: DivisionDocument[] = [];
    const refs = new Map<number, number>();
    const gamesAt = new Map<number, { division: string; round: number; table: number }>();
    for (const d of divisions) docs.push(await this.exportDivision(m, d, refs, gamesAt));
    const list = await wordListForExport(m, id);
    return {
      format: EXCHANGE_FORMAT,
      exportedAt: new Date().toISOString(),
      tournament: {
        name: t.name,
        ...namedSettings(t),
        place: t.place,
        startDate: t.startsOn,
        endDate: t.endsOn,
        timeZone: t.timeZone,
        closedAt: t.closedAt ? t.closedAt.toISOString() : null,
      },
      prizes: await prizeTableForExport(m, id),
      divisions: docs,
      log: await this.exportLog(m, id, divisions, refs),
      wordList: list ? { name: list.name, words: list.words.split('\n') } : null,
      wordRulings: await this.exportRulings(m, id, gamesAt),
    };
  }

  /** The word judge's rulings, oldest first, games named by division, round and table. */
  private async exportRulings(
    m: EntityManager,
    tournamentId: number,
    gamesAt: ReadonlyMap<number, { division: string; round: number; table: number }>,
  ): Promise<WordRulingDocument[]> {
    const rows = await rulingsForExport(m, tournamentId);
    return rows.map((r) => {
      const game = r.gameId === null ? undefined : gamesAt.get(r.gameId);
      return {
        at: r.createdAt.toISOString(),
        by: r.userName === null ? null : { name: r.userName },
        division: game?.division ?? null,
        round: game?.round ?? null,
        table: game?.table ?? null,
        turn: r.turn,
        ruleSet: r.ruleSet,
        // The id of the tournament's own list is this database's; the document names it by role.
        wordList: r.wordList.startsWith('tournament:') ? 'tournament' : r.wordList,
        words: r.words,
        verdict: r.verdict,
      };
    });
  }

  /** The director's log, oldest first: divisions by name, players by ref, games by round and table. */
  private async exportLog(
    m: EntityManager,
    tournamentId: number,
    divisions: ExportedDivision[],
    refs: ReadonlyMap<number, number>,
  ): Promise<LogDocument[]> {
    const names = new Map(divisions.map((d) => [d.id, d.name]));
    const rows = await logForExport(m, tournamentId);
    return rows.map((r) => ({
      at: r.createdAt.toISOString(),
      action: r.action,
      by: r.userName === null ? null : { name: r.userName, email: r.userEmail },
      note: r.note,
      division: r.divisionId === null ? null : (names.get(r.divisionId) ?? null),
      player: r.playerId === null ? null : (refs.get(r.playerId) ?? null),
      round: r.round,
      table: r.tableNumber,
      before: (r.before as Record<string, unknown> | null) ?? null,
      after: (r.after as Record<string, unknown> | null) ?? null,
    }));
  }

  private async exportDivision(
    m: EntityManager,
    d: ExportedDivision,
    refs: Map<number, number>,
    gamesAt: Map<number, { division: string; round: number; table: number }>,
  ): Promise<DivisionDocument> {
    const players = await playersForExport(m, d.id);
    const refOf = new Map(players.map((p, i) => [p.id, i + 1]));
    for (const [id, ref] of refOf) refs.set(id, ref);
    const absent = await absentRoundsOf(
      m,
      players.map((p) => p.id),
    );
    const rounds = await roundsForExport(m, d.id);
    const games = await gamesForExport(
      m,
      rounds.map((r) => r.id),
    );
    const gameIds = games.map((g) => g.id);
    const seats = await seatsForExport(m, gameIds);
    const roundNumber = new Map(rounds.map((r) => [r.id, r.number]));
    for (const g of games) {
      gamesAt.set(g.id, {
        division: d.name,
        round: roundNumber.get(g.roundId)!,
        table: g.tableNumber,
      });
    }
    const sheets = new Map((await sheetsForExport(m, gameIds)).map((s) => [s.gameId, s]));
    const records: GameRecords = {
      refOf,
      seats,
      sheets,
      historyOf: await historiesOf(m, gameIds),
    };
    return {
      name: d.name,
      settings: namedSettings(d),
      players: players.map((p) => ({
        ref: refOf.get(p.id)!,
        name: p.name,
        club: p.club,
        rating: p.rating,
        seed: p.seed,
        active: p.active,
        joinedRound: p.joinedRound,
        absences: [...(absent.get(p.id) ?? [])].sort((a, b) => a - b),
        country: p.country ?? null,
        federationId: p.federationId ?? null,
      })),
      rounds: rounds.map((r) => ({
        number: r.number,
        system: r.system,
        notes: r.notes ?? [],
        basedOn: r.basedOn,
        games: games.filter((g) => g.roundId === r.id).map((g) => gameDocument(g, records)),
      })),
    };
  }
  /**
   * Creates a new tournament from a document's bytes, as a job in a process of its own
   * (`tournament-import.ts`): read, checked, every sheet verified again on both cores, then
   * written in one transaction (every row or none). Waits for the job's end.
   */
  async import(raw: Uint8Array | string, user: Actor): Promise<TournamentView> {
    const { id } = await this.jobs.outcome(await this.startImport(raw, user));
    return this.tournaments.get(id);
  }

  /**
   * What a document would make, as the organiser's page shows it before the import: read,
   * checked and its sheets verified in a job's process, as an import would. A document with
   * any problem is refused (422 IMPORT_INVALID) as the import would be. With `keep` (the file's
   * name), a document that passes is kept for the confirmation with the verdict on it, in the
   * job's write (`upload` its id); else nothing is stored.
   */
  async preview(
    raw: string,
    user: Actor,
    keep?: { fileName: string },
  ): Promise<ImportPreview & { upload?: string }> {
    let document: string | null = raw;
    const job = await this.jobs.start('tournament.preview', user?.id ?? null, (progress, jobId) => {
      const text = document!;
      document = null;
      return inJobProcess<ImportPreview & { upload?: string }>(
        'tournament.preview',
        {
          raw: text,
          ...(keep ? { keep: { ownerId: user?.id ?? null, fileName: keep.fileName } } : {}),
        },
        {
          database: jobDatabase(this.dataSource),
          jobId,
          progress,
          writeSlot: (write) => this.transactions.exclusive(write),
        },
      );
    });
    return this.jobs.outcome(job);
  }

  /** A file kept for the organiser, or null (imported already, or never theirs). */
  keptUpload(id: string, user: Actor): Promise<ImportUpload | null> {
    return keptUpload(this.dataSource.manager, id, user?.id ?? null);
  }

  /** Forgets a kept file whose document was refused. */
  dropUpload(id: string): Promise<void> {
    return this.transactions.run((m) => dropUpload(m, id));
  }

  /** The import as a job, returned while it runs; `copy` how the organiser's page asked for it. */
  startImport(
    raw: Uint8Array | string,
    user: Actor,
    copy?: CopyRequest,
  ): Promise<Job<ImportedTournament>> {
    const actor = user ? { id: user.id, name: user.name, email: user.email } : null;
    // Handed on once and let go: the job's closure lives as long as the job, and the
    // document's megabytes would stay with it until a full GC (they die young instead).
    let document: Uint8Array | string | null = raw;
    return this.jobs.start('tournament.import', user?.id ?? null, (progress, jobId) => {
      const bytes = document!;
      document = null;
      return inJobProcess<ImportedTournament>(
        'tournament.import',
        { raw: bytes, user: actor, ...(copy ? { copy } : {}) },
        {
          database: jobDatabase(this.dataSource),
          jobId,
          progress,
          writeSlot: (write) => this.transactions.exclusive(write),
        },
      );
    });
  }
}

/** What a division's games are exported with: refs by player id; seats, sheets, histories by game id. */
interface GameRecords {
  refOf: ReadonlyMap<number, number>;
  seats: ReadonlyMap<number, ExportedSeat[]>;
  sheets: ReadonlyMap<number, ExportedSheet>;
  historyOf: ReadonlyMap<number, HistoryDocument[]>;
}

/** Each game's changes of result, oldest first, by game id. */
async function historiesOf(
  m: EntityManager,
  gameIds: number[],
): Promise<Map<number, HistoryDocument[]>> {
  const changes = await resultChangesForExport(m, gameIds);
  const historyOf = new Map<number, HistoryDocument[]>();
  for (const c of changes.sort((a, b) => a.id - b.id)) {
    const list = historyOf.get(c.gameId) ?? [];
    list.push({
      at: c.createdAt.toISOString(),
      action: c.action,
      by: c.userName === null ? null : { name: c.userName, email: c.userEmail },
      before: c.before as ResultSnapshot,
      after: c.after as ResultSnapshot,
    });
    historyOf.set(c.gameId, list);
  }
  return historyOf;
}

/** A game as the document has it: a table's result is in its seats, a pair's in the game. */
function gameDocument(
  g: ExportedGame,
  { refOf, seats, sheets, historyOf }: GameRecords,
): GameDocument {
  const table = seats.get(g.id);
  const sheet = sheets.get(g.id);
  if (table) {
    return {
      table: g.tableNumber,
      first: refOf.get(g.firstPlayerId)!,
      second: refOf.get(g.secondPlayerId!)!,
      status: g.status,
      winner: null,
      scores: null,
      remaining: null,
      timeLoss: null,
      source: g.status === 'pending' ? null : g.resultSource,
      kind: null,
      scoresheet: sheet ? { text: sheet.sheet, report: sheet.report, ok: sheet.ok } : null,
      history: historyOf.get(g.id) ?? [],
      seats: table.map((s) => ({
        player: refOf.get(s.playerId)!,
        score: s.score,
        remaining: s.remaining,
        cards: s.cards,
        place: s.place,
      })),
    };
  }
  const done = g.status !== 'pending';
  const forfeit = g.status === 'complete' && g.resultKind !== null;
  return {
    table: g.tableNumber,
    first: refOf.get(g.firstPlayerId)!,
    second: g.secondPlayerId === null ? null : refOf.get(g.secondPlayerId)!,
    status: g.status,
    winner: done ? g.winner : null,
    scores: done && !forfeit ? [g.firstScore ?? 0, g.secondScore ?? 0] : null,
    remaining:
      g.status === 'complete' && !forfeit ? [g.firstRemaining ?? 0, g.secondRemaining ?? 0] : null,
    timeLoss: g.timeLossPlayerId === null ? null : g.timeLossPlayerId === g.firstPlayerId ? 0 : 1,
    ...(g.firstCards !== null && g.secondCards !== null
      ? { cards: [g.firstCards, g.secondCards] as [number, number] }
      : {}),
    source: done ? g.resultSource : null,
    kind: forfeit ? g.resultKind : null,
    scoresheet: sheet ? { text: sheet.sheet, report: sheet.report, ok: sheet.ok } : null,
    history: historyOf.get(g.id) ?? [],
  };
}
