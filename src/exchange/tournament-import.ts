import type { EntityManager } from 'typeorm';
import { accountIdsByEmail } from '../auth/accounts-for-import';
import { StoredValue } from '../database/bulk';
import { SetWordList } from '../engine';
import type { JobContext } from '../jobs/job-context';
import { Actor, writeLog } from '../log/director-log';
import { insertImportedLog } from '../log/log-import-writes';
import { insertImportedAbsences, insertImportedPlayers } from '../players/players-import-writes';
import { insertImportedChanges, insertImportedSheets } from '../results/results-import-writes';
import {
  insertImportedGames,
  insertImportedRound,
  insertImportedSeats,
} from '../rounds/rounds-import-writes';
import {
  insertImportedDivision,
  insertImportedTournament,
} from '../tournaments/tournament-import-writes';
import { DivisionSettings, settingsFromNamed, settingsOf } from '../tournaments/tournament-rules';
import { insertImportedRulings, insertImportedWordList } from '../words/words-import-writes';
import type {
  DivisionDocument,
  RoundDocument,
  TournamentDocument,
  WordRulingDocument,
} from './format';
import { gamesRemovedLater, LogDocument } from './log-format';
import { reverifySheets } from './sheets';
import {
  byPlace,
  checkImport,
  countSheets,
  importRefusal,
  OwnList,
  HelperShare,
  readDocument,
  sharedShare,
} from './tournament-reading';

/*
 * Importing a whole tournament (`arbiter-tournament/1`), without NestJS: a job's process
 * reads the document, has every score sheet verified again on both cores (this thread and a
 * helper's), and writes it in one transaction on its own connection.
 */

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
  // The sheets are shared out as the two threads get to them (`sharedShare`).
  const claims = new SharedArrayBuffer(4);
  const tell = () => context.progress('verify', ownDone + helperDone, total);
  const helper = context
    .helper<HelperShare>('tournament.verify', { raw: input.raw, claims }, (done) => {
      helperDone = done;
      tell();
    })
    .then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  const doc = readDocument(input.raw);
  context.progress('read', 1, 1);
  const { errors: checked, ownList } = checkImport(doc);
  if (checked.length > 0) throw importRefusal(checked);
  const d = doc as TournamentDocument;
  total = countSheets(d);
  const words = ownList?.ok ? new SetWordList(ownList.words) : null;
  const own = reverifySheets(d, words, {
    pick: sharedShare(claims),
    verified: () => {
      ownDone++;
      if (ownDone % 25 === 0) tell();
    },
  });
  const other = await helper;
  if (!other.ok) throw other.error;
  const decoder = new TextDecoder();
  const { reports } = other.value;
  for (const v of other.value.verified) {
    const sheet = d.divisions[v.division].rounds[v.round].games[v.game].scoresheet!;
    // Stored as the helper wrote it: the same JSON the column would make of the report.
    sheet.report = new StoredValue(decoder.decode(reports.subarray(v.from, v.to)));
    sheet.ok = v.ok;
  }
  const errors = [...own, ...other.value.errors].sort(byPlace);
  if (errors.length > 0) throw importRefusal(errors);
  const rounds = d.divisions.reduce((n, division) => n + division.rounds.length, 0);
  context.progress('store', 0, rounds);
  return context.write(async (m) => ({
    id: await writeTournament(m, d, ownList, input.user, (done) =>
      context.progress('store', done, rounds),
    ),
    name: d.tournament.name,
  }));
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
  const settings = settingsFromNamed(d.tournament);
  const tournamentId = await insertImportedTournament(m, {
    name: d.tournament.name,
    ...settings,
    place: d.tournament.place ?? null,
    startsOn: d.tournament.startDate ?? null,
    endsOn: d.tournament.endDate ?? null,
    timeZone: d.tournament.timeZone ?? null,
  });
  const users = await accountIdsByEmail(m);
  const imported = new Map<string, ImportedDivision>();
  for (const division of d.divisions) {
    imported.set(
      division.name,
      await importDivision(m, tournamentId, settings, division, users, () =>
        progress(++storedRounds),
      ),
    );
  }
  await importLog(m, tournamentId, d.log ?? [], imported, users);
  if (ownList?.ok && d.wordList) {
    await insertImportedWordList(m, {
      tournamentId,
      name: d.wordList.name,
      words: ownList.words.join('\n'),
      wordCount: ownList.words.length,
    });
  }
  await importRulings(m, tournamentId, d.wordRulings ?? [], imported);
  await writeLog(m, user, {
    tournamentId,
    action: 'tournament.imported',
    after: {
      name: d.tournament.name,
      exportedAt: typeof d.exportedAt === 'string' ? d.exportedAt : null,
    },
  });
  return tournamentId;
}

/**
 * A division of the document with its players, rounds and games; a division without settings
 * of its own takes the tournament's (`tournamentSettings`).
 */
async function importDivision(
  m: EntityManager,
  tournamentId: number,
  tournamentSettings: DivisionSettings,
  doc: DivisionDocument,
  users: Map<string, number>,
  roundStored: () => void,
): Promise<ImportedDivision> {
  const own = doc.settings;
  const games = new Map<string, number>();
  const settings = own ? settingsFromNamed(own) : settingsOf(tournamentSettings);
  const divisionId = await insertImportedDivision(m, { ...settings, tournamentId, name: doc.name });
  const idOf = await insertDivisionPlayers(m, divisionId, doc);
  for (const r of doc.rounds) {
    const roundId = await insertImportedRound(m, {
      divisionId,
      number: r.number,
      system: r.system,
      notes: r.notes,
      basedOn: r.basedOn ?? null,
    });
    const byTable = await insertRoundGames(m, roundId, r, idOf);
    for (const [table, gameId] of byTable) games.set(`${r.number}/${table}`, gameId);
    await insertGamesRecords(m, r, byTable, idOf, users);
    roundStored();
  }
  return { id: divisionId, players: idOf, games };
}

/** The division's players and their absences; each player's id by the document's ref. */
async function insertDivisionPlayers(
  m: EntityManager,
  divisionId: number,
  doc: DivisionDocument,
): Promise<Map<number, number>> {
  const bySeed = await insertImportedPlayers(
    m,
    divisionId,
    doc.players.map((p) => ({
      name: p.name,
      club: p.club,
      rating: p.rating,
      seed: p.seed,
      active: p.active,
      joinedRound: p.joinedRound,
    })),
  );
  const idOf = new Map(doc.players.map((p) => [p.ref, bySeed.get(p.seed)!]));
  await insertImportedAbsences(
    m,
    doc.players.flatMap((p) =>
      (p.absences ?? []).map((round) => ({ playerId: idOf.get(p.ref)!, round })),
    ),
  );
  return idOf;
}

/** A round's games; each stored game's id by its table. */
async function insertRoundGames(
  m: EntityManager,
  roundId: number,
  r: RoundDocument,
  idOf: Map<number, number>,
): Promise<Map<number, number>> {
  return insertImportedGames(
    m,
    roundId,
    r.games.map((g) => {
      const first = idOf.get(g.first)!;
      const second = g.second === null ? null : idOf.get(g.second)!;
      return {
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
      };
    }),
  );
}

/**
 * What a round's games carry besides their rows: a table's seats, score sheets and each
 * game's history (an author linked to the account with the same email, if there is one).
 */
async function insertGamesRecords(
  m: EntityManager,
  r: RoundDocument,
  byTable: Map<number, number>,
  idOf: Map<number, number>,
  users: Map<string, number>,
): Promise<void> {
  await insertImportedSeats(
    m,
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
  await insertImportedSheets(
    m,
    sheets.map((g) => ({
      gameId: byTable.get(g.table)!,
      sheet: g.scoresheet!.text,
      report: g.scoresheet!.report,
      ok: g.scoresheet!.ok,
    })),
  );
  await insertImportedChanges(
    m,
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
  );
}

/** The word judge's rulings, in their order, games found again by round and table. */
async function importRulings(
  m: EntityManager,
  tournamentId: number,
  rulings: WordRulingDocument[],
  divisions: ReadonlyMap<string, ImportedDivision>,
): Promise<void> {
  // A ruling names its judge, not an account: none is linked.
  await insertImportedRulings(
    m,
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
  await insertImportedLog(
    m,
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
      };
    }),
  );
}

/** What an imported division's log entries are found again by: its id, players by ref, games by round and table. */
interface ImportedDivision {
  id: number;
  players: Map<number, number>;
  games: Map<string, number>;
}
