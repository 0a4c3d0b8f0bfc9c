import { makeOwner } from '../auth/tournament-roles';
import type { EntityManager } from 'typeorm';
import { accountIdsByEmail } from '../auth/accounts-for-import';
import { Conflict } from '../common/errors';
import { StoredValue } from '../database/bulk';
import { SetWordList } from '../engine';
import type { JobContext } from '../jobs/job-context';
import { Actor, writeLog } from '../log/director-log';
import { insertImportedLog } from '../log/log-import-writes';
import { insertImportedAbsences, insertImportedPlayers } from '../players/players-import-writes';
import { insertImportedPrizeTable } from '../prizes/prizes-export';
import { readPrizeTable } from '../prizes/prize-table';
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
import { ImportUpload } from './import-upload.entity';
import { keepUpload, VERDICT_VERSION, verdictFor, type ImportVerdict } from './import-uploads';
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
  readWordList,
  sharedShare,
} from './tournament-reading';

/*
 * Importing a whole tournament (`arbiter-tournament/1`), without NestJS: a job's process
 * reads the document, has every score sheet verified again on both cores (this thread and a
 * helper's), and writes it in one transaction on its own connection.
 */

/**
 * How a copy is made from the organiser's page: the name the organiser gave it (else the
 * document's), the file's name, and the upload (`import_uploads`) the import uses up.
 */
export interface CopyRequest {
  name?: string;
  fileName?: string;
  uploadId?: string;
}

/** What the import's job is given: the document's bytes, who imports it, and how (the page's). */
export interface ImportInput {
  raw: Uint8Array | string;
  user: Actor;
  copy?: CopyRequest;
}

/**
 * What a document would make, as the organiser's page shows it before the import: the
 * tournament, its divisions with their figures, and whether it was closed.
 */
export interface ImportPreview {
  name: string;
  closed: boolean;
  closedAt: string | null;
  exportedAt: string | null;
  prizes: { places: number; classes: number; awards: number } | null;
  divisions: {
    name: string;
    ruleSet: string;
    players: number;
    rounds: number;
    games: number;
    results: number;
    sheets: number;
  }[];
  federationIds: number;
  logEntries: number;
}

/** The document's figures for its preview (`ImportPreview`). */
export function previewOf(d: TournamentDocument): ImportPreview {
  const prizes = d.prizes ?? null;
  return {
    name: d.tournament.name,
    closed: Boolean(d.tournament.closedAt),
    closedAt: d.tournament.closedAt ?? null,
    exportedAt: typeof d.exportedAt === 'string' ? d.exportedAt : null,
    prizes: prizes
      ? {
          places: prizes.places?.length ?? 0,
          classes: prizes.classes?.length ?? 0,
          awards: prizes.awards?.length ?? 0,
        }
      : null,
    divisions: d.divisions.map((division) => {
      const games = division.rounds.flatMap((r) => r.games);
      return {
        name: division.name,
        ruleSet: division.settings?.ruleSet ?? d.tournament.ruleSet,
        players: division.players.length,
        rounds: division.rounds.length,
        games: games.filter((g) => g.second !== null).length,
        results: games.filter((g) => g.second !== null && g.status === 'complete').length,
        sheets: games.filter((g) => g.scoresheet !== null).length,
      };
    }),
    federationIds: d.divisions.reduce(
      (n, division) => n + division.players.filter((p) => p.federationId).length,
      0,
    ),
    logEntries: d.log?.length ?? 0,
  };
}

/**
 * The preview's task: the document read, checked and its sheets verified as an import would
 * (refused with every problem and its place), and what it would make. With `keep` (the
 * organiser's page), the file is kept for the confirmation with the verdict on it (every
 * sheet's report), in the job's write: `upload` is its id. Else nothing is stored.
 */
export async function previewTask(
  input: { raw: Uint8Array | string; keep?: { ownerId: number | null; fileName: string } },
  context: JobContext,
): Promise<ImportPreview & { upload?: string }> {
  const { keep } = input;
  const { d, verdict } = await readAndVerify(input.raw, context, Boolean(keep));
  const preview = previewOf(d);
  if (!keep) return preview;
  const text = textOf(input.raw);
  return context.write(async (m) => ({
    ...preview,
    upload: await keepUpload(m, keep.ownerId, keep.fileName, text, verdict),
  }));
}

/**
 * The worker's task: a tournament imported whole from the document's bytes, or refused with
 * every problem and its place (nothing stored). A copy confirmed from the organiser's page
 * takes the preview's verdict kept with its upload when that is the verdict on these very
 * bytes (the same SHA-256): the document is read, not checked and its sheets not verified a
 * second time. A file kept without one, or another text, is checked again in full.
 */
export async function importTask(
  input: ImportInput,
  context: JobContext,
): Promise<{ id: number; name: string }> {
  const uploadId = input.copy?.uploadId;
  const kept = uploadId
    ? verdictFor(
        await (await context.manager()).findOneBy(ImportUpload, { id: uploadId }),
        textOf(input.raw),
      )
    : null;
  const { d, ownList } = kept
    ? readWithVerdict(input.raw, kept, context)
    : await readAndVerify(input.raw, context, false);
  const rounds = d.divisions.reduce((n, division) => n + division.rounds.length, 0);
  context.progress('store', 0, rounds);
  return context.write(async (m) => {
    if (uploadId) await useUpload(m, uploadId);
    return {
      id: await writeTournament(
        m,
        d,
        ownList,
        input.user,
        (done) => context.progress('store', done, rounds),
        input.copy,
      ),
      name: input.copy?.name ?? d.tournament.name,
    };
  });
}

/** A document's text: as sent, or its UTF-8 bytes decoded. */
function textOf(raw: Uint8Array | string): string {
  return typeof raw === 'string' ? raw : new TextDecoder().decode(raw);
}

/**
 * The document read from its bytes with the preview's verdict on them: each sheet's report and
 * `ok` as the preview verified them, the word list read for the write.
 */
function readWithVerdict(
  raw: Uint8Array | string,
  verdict: ImportVerdict,
  context: JobContext,
): { d: TournamentDocument; ownList: OwnList } {
  context.progress('read', 0, 1);
  const d = readDocument(raw) as TournamentDocument;
  context.progress('read', 1, 1);
  for (const [division, round, game, ok, report] of verdict.sheets) {
    const sheet = d.divisions[division].rounds[round].games[game].scoresheet!;
    sheet.report = new StoredValue(report);
    sheet.ok = ok;
  }
  return { d, ownList: readWordList(d) };
}

/**
 * Deletes the upload the import is made from, in the import's transaction: a second
 * confirmation of the same file finds it gone (409), and makes no second copy.
 */
async function useUpload(m: EntityManager, id: string): Promise<void> {
  const gone = await m.delete(ImportUpload, { id });
  if (!gone.affected) {
    throw new Conflict(
      'IMPORT_UPLOAD_GONE',
      'the file sent for this import was imported already or is no longer kept: send it again',
    );
  }
}

/**
 * The document read from its bytes, checked, and every score sheet verified again on both
 * cores (this thread and a helper's); refused with every problem and its place.
 */
async function readAndVerify(
  raw: Uint8Array | string,
  context: JobContext,
  withVerdict: boolean,
): Promise<{ d: TournamentDocument; ownList: OwnList; verdict: ImportVerdict | null }> {
  const input = { raw };
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
  const sheets: ImportVerdict['sheets'] = [];
  const own = reverifySheets(d, words, {
    pick: sharedShare(claims),
    verified: ({ division, round, game, ok, report }) => {
      if (withVerdict) sheets.push([division, round, game, ok, JSON.stringify(report)]);
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
    const report = decoder.decode(reports.subarray(v.from, v.to));
    sheet.report = new StoredValue(report);
    sheet.ok = v.ok;
    if (withVerdict) sheets.push([v.division, v.round, v.game, v.ok, report]);
  }
  const errors = [...own, ...other.value.errors].sort(byPlace);
  if (errors.length > 0) throw importRefusal(errors);
  return { d, ownList, verdict: withVerdict ? { v: VERDICT_VERSION, sheets } : null };
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
  copy: CopyRequest = {},
): Promise<number> {
  let storedRounds = 0;
  const settings = settingsFromNamed(d.tournament);
  const name = copy.name ?? d.tournament.name;
  const tournamentId = await insertImportedTournament(m, {
    name,
    ...settings,
    place: d.tournament.place ?? null,
    startsOn: d.tournament.startDate ?? null,
    endsOn: d.tournament.endDate ?? null,
    timeZone: d.tournament.timeZone ?? null,
    closedAt: d.tournament.closedAt ? new Date(d.tournament.closedAt) : null,
    copyOf: d.tournament.name,
    importedAt: new Date(),
  });
  const prizes = d.prizes ? readPrizeTable(d.prizes) : null;
  if (prizes?.ok) await insertImportedPrizeTable(m, tournamentId, prizes.table);
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
  await makeOwner(m, tournamentId, user);
  await writeLog(m, user, {
    tournamentId,
    action: 'tournament.imported',
    after: {
      name,
      exportedAt: typeof d.exportedAt === 'string' ? d.exportedAt : null,
      copyOf: d.tournament.name,
      ...(copy.fileName ? { file: copy.fileName } : {}),
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
      country: p.country ?? null,
      federationId: p.federationId ?? null,
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
