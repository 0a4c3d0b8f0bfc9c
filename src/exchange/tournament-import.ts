import type { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { User } from '../auth/user.entity';
import { Unprocessable } from '../common/errors';
import { insertMany } from '../database/bulk';
import { ruleSetWordReader } from '../dictionary/judge';
import { parseUploadedWordList } from '../dictionary/upload';
import { SetWordList } from '../engine';
import type { JobContext } from '../jobs/job-context';
import { Actor, writeLog } from '../log/director-log';
import { DirectorLogEntry } from '../log/director-log.entity';
import { Absence } from '../players/absence.entity';
import { Player } from '../players/player.entity';
import { attachPersons } from '../registry/persons';
import { ResultChange } from '../results/result-change.entity';
import { ScoreSheet } from '../results/score-sheet.entity';
import { GameSeat } from '../rounds/game-seat.entity';
import { Game } from '../rounds/game.entity';
import { Round } from '../rounds/round.entity';
import { Division } from '../tournaments/division.entity';
import { settingsFromNamed, settingsOf } from '../tournaments/tournament-rules';
import { Tournament } from '../tournaments/tournament.entity';
import { TournamentWordList } from '../words/word-list.entity';
import { WordRuling } from '../words/word-ruling.entity';
import {
  checkDocument,
  DivisionDocument,
  DocumentError,
  TournamentDocument,
  WordListDocument,
  WordRulingDocument,
} from './format';
import { gamesRemovedLater, LogDocument } from './log-format';
import { reverifySheets, unstorableText, VerifiedSheet } from './sheets';

/*
 * Importing a whole tournament (`arbiter-tournament/1`), without NestJS: a job's worker thread
 * reads the document, has every score sheet verified again on both cores (this thread and a
 * helper's), and writes it in one transaction on its own connection.
 */

/** The document's own word list, read; or the problems that refuse the document. */
type OwnList = { ok: true; words: string[] } | { ok: false; errors: DocumentError[] } | null;

/** The refusal of a document with problems: 422 IMPORT_INVALID, the first ten in the message, all in details. */
export function importRefusal(errors: DocumentError[]): Unprocessable {
  return new Unprocessable(
    'IMPORT_INVALID',
    `the document cannot be imported: ${errors
      .slice(0, 10)
      .map((e) => `${e.path || '(the document)'}: ${e.message}`)
      .join('; ')}${errors.length > 10 ? `; and ${errors.length - 10} more` : ''}`,
    errors,
  );
}

/** The document's problems before its sheets are verified: its shape, its text, its word list. */
export function checkImport(doc: unknown): { errors: DocumentError[]; ownList: OwnList } {
  let errors = checkDocument(doc);
  if (errors.length === 0) errors = unstorableText(doc);
  const ownList = errors.length === 0 ? readWordList(doc as TournamentDocument) : null;
  if (ownList && !ownList.ok) errors = ownList.errors;
  return { errors, ownList };
}

/** The document's bytes as the request sent them, read as JSON. */
function parse(raw: Uint8Array | string): unknown {
  return JSON.parse(
    typeof raw === 'string'
      ? raw
      : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8'),
  );
}

/** How many of the sheets each verifies: the job's thread takes every other one, its helper the rest. */
const SHARDS = 2;

/**
 * The worker's task: a tournament imported whole from the document's bytes, or refused with
 * every problem and its place (nothing stored).
 */
export async function importTask(
  input: { raw: Uint8Array | string; user: Actor },
  context: JobContext,
): Promise<{ id: number; name: string }> {
  context.progress('read', 0, 1);
  // The helper starts at once: loading the engine and reading the document overlap this thread's.
  let helperDone = 0;
  let ownDone = 0;
  let total = 0;
  const tell = () => context.progress('verify', ownDone + helperDone, total);
  const helper = context
    .helper<{ verified: VerifiedSheet[]; errors: DocumentError[] }>(
      'tournament.verify',
      { raw: input.raw, shard: 1 },
      (done) => {
        helperDone = done;
        tell();
      },
    )
    .then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  const doc = parse(input.raw);
  context.progress('read', 1, 1);
  const { errors: checked, ownList } = checkImport(doc);
  if (checked.length > 0) throw importRefusal(checked);
  const d = doc as TournamentDocument;
  total = countSheets(d);
  const words = ownList?.ok ? new SetWordList(ownList.words) : null;
  const own = reverifySheets(d, words, {
    pick: (n) => n % SHARDS === 0,
    verified: () => {
      ownDone++;
      if (ownDone % 25 === 0) tell();
    },
  });
  const other = await helper;
  if (!other.ok) throw other.error;
  for (const v of other.value.verified) {
    const sheet = d.divisions[v.division].rounds[v.round].games[v.game].scoresheet!;
    sheet.report = v.report;
    sheet.ok = v.ok;
  }
  const errors = [...own, ...other.value.errors].sort(byPlace);
  if (errors.length > 0) throw importRefusal(errors);
  const rounds = d.divisions.reduce((n, division) => n + division.rounds.length, 0);
  context.progress('store', 0, rounds);
  const id = await context.write((m) =>
    writeTournament(m, d, ownList, input.user, (done) => context.progress('store', done, rounds)),
  );
  return { id, name: d.tournament.name };
}

/** A helper's task: its share of the sheets verified, their reports sent back. */
export function verifyTask(
  input: { raw: Uint8Array | string; shard: number },
  context: JobContext,
): Promise<{ verified: VerifiedSheet[]; errors: DocumentError[] }> {
  const doc = parse(input.raw);
  const { errors: checked, ownList } = checkImport(doc);
  // The job's own thread refuses such a document: there is nothing to verify.
  if (checked.length > 0) return Promise.resolve({ verified: [], errors: [] });
  const words = ownList?.ok ? new SetWordList(ownList.words) : null;
  const verified: VerifiedSheet[] = [];
  const errors = reverifySheets(doc as TournamentDocument, words, {
    pick: (n) => n % SHARDS === input.shard,
    verified: (sheet) => {
      verified.push(sheet);
      if (verified.length % 25 === 0) context.progress('verify', verified.length, 0);
    },
  });
  return Promise.resolve({ verified, errors });
}

/** Sheets the document holds that are verified (a game with two players or a table, and a sheet). */
function countSheets(doc: TournamentDocument): number {
  let n = 0;
  for (const division of doc.divisions)
    for (const round of division.rounds)
      for (const game of round.games) if (game.scoresheet !== null && game.second !== null) n++;
  return n;
}

/** Problems in the order of the document: by division, round and game, then as found. */
function byPlace(a: DocumentError, b: DocumentError): number {
  const at = (e: DocumentError) =>
    (/^divisions\[(\d+)\]\.rounds\[(\d+)\]\.games\[(\d+)\]/.exec(e.path) ?? [])
      .slice(1)
      .map(Number);
  const x = at(a);
  const y = at(b);
  for (let i = 0; i < 3; i++) if ((x[i] ?? -1) !== (y[i] ?? -1)) return (x[i] ?? -1) - (y[i] ?? -1);
  return 0;
}

/**
 * Creates a new tournament from a checked and verified document, in the transaction `m`:
 * every row or none. History keeps its times and authors; an author is linked to the account
 * here with the same email, if there is one.
 */
export async function writeTournament(
  m: EntityManager,
  d: TournamentDocument,
  ownList: OwnList,
  user: Actor,
  progress: (rounds: number) => void = () => undefined,
): Promise<number> {
  let storedRounds = 0;
  const t = await m.save(
    m.create(Tournament, {
      name: d.tournament.name,
      ...settingsFromNamed(d.tournament),
      place: d.tournament.place ?? null,
      startsOn: d.tournament.startDate ?? null,
      endsOn: d.tournament.endDate ?? null,
    }),
  );
  const users = new Map((await m.find(User)).map((u) => [u.email, u.id]));
  const imported = new Map<string, ImportedDivision>();
  for (const division of d.divisions) {
    imported.set(
      division.name,
      await importDivision(m, t, division, users, () => progress(++storedRounds)),
    );
  }
  await importLog(m, t.id, d.log ?? [], imported, users);
  if (ownList?.ok && d.wordList) {
    await m.insert(TournamentWordList, {
      tournamentId: t.id,
      name: d.wordList.name,
      words: ownList.words.join('\n'),
      wordCount: ownList.words.length,
    });
  }
  await importRulings(m, t.id, d.wordRulings ?? [], imported);
  await writeLog(m, user, {
    tournamentId: t.id,
    action: 'tournament.imported',
    after: { name: t.name, exportedAt: typeof d.exportedAt === 'string' ? d.exportedAt : null },
  });
  return t.id;
}

async function importDivision(
  m: EntityManager,
  tournament: Tournament,
  doc: DivisionDocument,
  users: Map<string, number>,
  roundStored: () => void,
): Promise<ImportedDivision> {
  const own = doc.settings;
  const games = new Map<string, number>();
  const settings = own ? settingsFromNamed(own) : settingsOf(tournament);
  const division = await m.save(
    m.create(Division, { ...settings, tournamentId: tournament.id, name: doc.name }),
  );
  await insertMany(
    m,
    Player,
    doc.players.map((p) => ({
      divisionId: division.id,
      name: p.name,
      club: p.club,
      rating: p.rating,
      seed: p.seed,
      active: p.active,
      joinedRound: p.joinedRound,
    })),
  );
  await attachPersons(m, division.id);
  const bySeed = new Map(
    (
      await m.find(Player, {
        where: { divisionId: division.id },
        select: { id: true, seed: true },
      })
    ).map((p) => [p.seed, p.id]),
  );
  const idOf = new Map(doc.players.map((p) => [p.ref, bySeed.get(p.seed)!]));
  await insertMany(
    m,
    Absence,
    doc.players.flatMap((p) =>
      (p.absences ?? []).map((round) => ({ playerId: idOf.get(p.ref)!, round })),
    ),
  );
  for (const r of doc.rounds) {
    const round = await m.save(
      m.create(Round, {
        divisionId: division.id,
        number: r.number,
        system: r.system,
        notes: r.notes,
      }),
    );
    await insertMany(
      m,
      Game,
      r.games.map((g) => {
        const first = idOf.get(g.first)!;
        const second = g.second === null ? null : idOf.get(g.second)!;
        return {
          roundId: round.id,
          tableNumber: g.table,
          firstPlayerId: first,
          secondPlayerId: second,
          status: g.status,
          winner: g.winner,
          firstScore: g.scores?.[0] ?? null,
          secondScore: g.scores?.[1] ?? null,
          firstRemaining: g.remaining?.[0] ?? null,
          secondRemaining: g.remaining?.[1] ?? null,
          timeLossPlayerId: g.timeLoss === null ? null : g.timeLoss === 0 ? first : second,
          firstCards: g.cards?.[0] ?? null,
          secondCards: g.cards?.[1] ?? null,
          resultSource: g.source,
          resultKind: g.kind ?? null,
          version: 1,
        };
      }),
    );
    const byTable = new Map(
      (
        await m.find(Game, {
          where: { roundId: round.id },
          select: { id: true, tableNumber: true },
        })
      ).map((g) => [g.tableNumber, g.id]),
    );
    for (const [table, gameId] of byTable) games.set(`${r.number}/${table}`, gameId);
    await insertMany(
      m,
      GameSeat,
      r.games.flatMap((g) =>
        (g.seats ?? []).map((s, i) => ({
          gameId: byTable.get(g.table)!,
          seat: i + 1,
          playerId: idOf.get(s.player)!,
          score: s.score,
          remaining: s.remaining,
          cards: s.cards,
          place: s.place,
        })),
      ),
    );
    const sheets = r.games.filter((g) => g.scoresheet !== null);
    await insertMany(
      m,
      ScoreSheet,
      sheets.map(
        (g) =>
          ({
            gameId: byTable.get(g.table)!,
            sheet: g.scoresheet!.text,
            report: g.scoresheet!.report,
            ok: g.scoresheet!.ok,
          }) as QueryDeepPartialEntity<ScoreSheet>,
      ),
      50,
    );
    await insertMany(
      m,
      ResultChange,
      r.games.flatMap((g) =>
        g.history.map((h) => ({
          gameId: byTable.get(g.table)!,
          userId: h.by?.email ? (users.get(h.by.email) ?? null) : null,
          userName: h.by?.name ?? null,
          userEmail: h.by?.email ?? null,
          action: h.action,
          before: h.before,
          after: h.after,
          createdAt: new Date(h.at),
          updatedAt: new Date(h.at),
        })),
      ),
      200,
    );
    roundStored();
  }
  return { id: division.id, players: idOf, games };
}

/** The word judge's rulings, in their order, games found again by round and table. */
async function importRulings(
  m: EntityManager,
  tournamentId: number,
  rulings: WordRulingDocument[],
  divisions: ReadonlyMap<string, ImportedDivision>,
): Promise<void> {
  // A ruling names its judge, not an account: none is linked.
  await insertMany(
    m,
    WordRuling,
    rulings.map((r) => {
      const division = r.division === null ? undefined : divisions.get(r.division);
      return {
        tournamentId,
        gameId: division ? (division.games.get(`${r.round}/${r.table}`) ?? null) : null,
        turn: r.turn,
        ruleSet: r.ruleSet,
        wordList: r.wordList === 'tournament' ? `tournament:${tournamentId}` : r.wordList,
        words: r.words,
        verdict: r.verdict,
        userId: null,
        userName: r.by?.name ?? null,
        createdAt: new Date(r.at),
        updatedAt: new Date(r.at),
      };
    }),
    200,
  );
}

/** The document's log, in its order, with its times and authors; ids found again by ref. */
async function importLog(
  m: EntityManager,
  tournamentId: number,
  log: LogDocument[],
  divisions: ReadonlyMap<string, ImportedDivision>,
  users: Map<string, number>,
): Promise<void> {
  const removedLater = gamesRemovedLater(log);
  await insertMany(
    m,
    DirectorLogEntry,
    log.map((e, i) => {
      const division = e.division === null ? undefined : divisions.get(e.division);
      const gameId =
        division && e.round !== null && e.table !== null && !removedLater[i]
          ? (division.games.get(`${e.round}/${e.table}`) ?? null)
          : null;
      return {
        tournamentId,
        divisionId: division?.id ?? null,
        playerId: division && e.player !== null ? (division.players.get(e.player) ?? null) : null,
        gameId,
        round: e.round,
        tableNumber: e.table,
        action: e.action,
        userId: e.by?.email ? (users.get(e.by.email) ?? null) : null,
        userName: e.by?.name ?? null,
        userEmail: e.by?.email ?? null,
        note: e.note ?? null,
        before: e.before,
        after: e.after,
        createdAt: new Date(e.at),
      } as QueryDeepPartialEntity<DirectorLogEntry>;
    }),
    200,
  );
}

/**
 * The document's word list read as an upload is (its rule set's letters, one word a line), or
 * null when it has none; a word that is not of the rule set is a problem at its path.
 */
function readWordList(
  doc: TournamentDocument,
):
  | { ok: true; words: string[] }
  | { ok: false; errors: { path: string; message: string }[] }
  | null {
  const list: WordListDocument | null | undefined = doc.wordList;
  if (!list) return null;
  const parsed = parseUploadedWordList(
    list.words.join('\n'),
    ruleSetWordReader(doc.tournament.ruleSet),
  );
  if (parsed.errors.length > 0) {
    return {
      ok: false,
      errors: parsed.errors.slice(0, 100).map((e) => ({
        path: `wordList.words[${e.line - 1}]`,
        message: `${e.message} (${doc.tournament.ruleSet})`,
      })),
    };
  }
  return { ok: true, words: parsed.words };
}

/** What an imported division's log entries are found again by: its id, players by ref, games by round and table. */
interface ImportedDivision {
  id: number;
  players: Map<number, number>;
  games: Map<string, number>;
}
