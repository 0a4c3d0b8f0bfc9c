import type { EntityManager } from 'typeorm';
import { Conflict, detailsOf, NotFound, Unprocessable } from '../common/errors';
import { findRuleSet } from '../engine';
import type { Lang } from '../i18n';
import type { JobContext } from '../jobs/job-context';
import type { ReportProgress } from '../jobs/jobs';
import { Actor, writeLog } from '../log/director-log';
import { insertImportedAbsences, insertImportedPlayers } from '../players/players-import-writes';
import { ImportedResult, recordImported } from '../results/result-writes';
import { insertImportedPairings, insertImportedRound } from '../rounds/rounds-import-writes';
import {
  hasDivisionNamed,
  insertImportedDivision,
  tournamentSettings,
} from '../tournaments/tournament-import-writes';
import { readTsh, TshDivision, TshProblem, winnerByScores } from './tsh';
import { tshProblemsSummary } from './tsh-messages';

/*
 * A TSH `.t` file imported as a new division, without NestJS: a job's process reads it
 * and writes it in one transaction on its own connection, so that the server's thread answers
 * everyone meanwhile.
 */

declare module '../common/errors' {
  interface ErrorDetails {
    /** A TSH file refused: every problem by line and field. */
    TSH_INVALID: { problems: TshProblem[] };
  }
}

/** A TSH file refused: every problem as data (line, field, code), the message in the asker's language. */
export class TshRefused extends Unprocessable {
  constructor(
    readonly problems: TshProblem[],
    lang: Lang,
  ) {
    super('TSH_INVALID', `the TSH file cannot be imported: ${tshProblemsSummary(lang, problems)}`, {
      problems,
    });
  }
}

/** What an import asks for: the new division's name, the file, and its rule set if not the tournament's. */
export interface TshImport {
  name: string;
  file: string;
  ruleSet?: string;
}

/** What the import's worker is told: the request, who sent it and in which language. */
export interface TshImportInput extends TshImport {
  tournamentId: number;
  user: Actor;
  lang: Lang;
}

/** What an import did: the new division (its id and name), its tournament, its players. */
export interface ImportedTsh {
  id: number;
  tournamentId: number;
  name: string;
  players: number;
}

/** The file read, or refused whole (422 TSH_INVALID with every problem's line and field). */
export function readTshFile(text: string, lang: Lang): TshDivision {
  const read = readTsh(text);
  if (!read.ok) throw new TshRefused(read.problems, lang);
  return read.division;
}

/** The worker's task: the file read and written as a new division, or refused (nothing stored). */
export async function importTask(input: TshImportInput, context: JobContext): Promise<ImportedTsh> {
  context.progress('read', 0, 1);
  const file = readTshFile(input.file, input.lang);
  context.progress('read', 1, 1);
  const name = input.name.trim();
  return context.write(async (m) => ({
    id: await writeTshDivision(
      m,
      input.tournamentId,
      name,
      input.ruleSet,
      file,
      input.user,
      context.progress,
    ),
    tournamentId: input.tournamentId,
    name,
    players: file.players.length,
  }));
}

/**
 * A new division of the tournament from a read TSH file, in the transaction `m`: its players
 * (seeds by line), rounds with their pairings (who went first from `p12`), byes, absences,
 * and each result written as a typed result is (history, standings); the import is one entry
 * of the director's log. Says how far it is: rounds stored, then results written.
 */
export async function writeTshDivision(
  m: EntityManager,
  tournamentId: number,
  name: string,
  ruleSet: string | undefined,
  file: TshDivision,
  user: Actor,
  progress: ReportProgress = () => undefined,
): Promise<number> {
  const settings = await tournamentSettings(m, tournamentId);
  if (!settings) throw new NotFound('tournament', tournamentId);
  if (await hasDivisionNamed(m, tournamentId, name)) {
    throw new Conflict('DIVISION_EXISTS', `the tournament already has a division '${name}'`);
  }
  if (ruleSet !== undefined && ruleSet !== settings.ruleSet) {
    if (!findRuleSet(ruleSet)) {
      throw new Unprocessable('UNKNOWN_RULE_SET', `unknown rule set ${ruleSet}`);
    }
    settings.ruleSet = ruleSet;
    settings.options = {};
  }
  if (file.byeSpread !== null) settings.byeSpread = file.byeSpread;
  settings.roundsPlanned = Math.max(settings.roundsPlanned, file.rounds.length, 1);
  const divisionId = await insertImportedDivision(m, { ...settings, tournamentId, name });
  const idOf = await insertTshPlayers(m, divisionId, file);
  const results = await storeTshRounds(m, divisionId, file, idOf, settings.byeSpread, progress);
  await recordImported(
    m,
    divisionId,
    results.map(({ game, scores }) => ({
      game,
      changes: {
        status: 'complete',
        winner: winnerByScores(scores),
        firstScore: scores[0],
        secondScore: scores[1],
        firstRemaining: null,
        secondRemaining: null,
        timeLossPlayerId: null,
        firstCards: null,
        secondCards: null,
        resultSource: 'result',
        resultKind: null,
      },
    })),
    user,
    (done) => progress('results', done, results.length),
  );
  await writeLog(m, user, {
    tournamentId,
    divisionId,
    action: 'division.imported',
    after: {
      name,
      from: 'tsh',
      players: file.players.length,
      rounds: file.rounds.length,
      results: results.length,
      byes: file.rounds.reduce((s, r) => s + r.byes.length, 0),
      absences: file.rounds.reduce((s, r) => s + r.absent.length, 0),
      ruleSet: settings.ruleSet,
      byeSpread: settings.byeSpread,
    },
  });
  return divisionId;
}

/** The file's players (seeds by line) and absences; each player's id by index (seed − 1). */
async function insertTshPlayers(
  m: EntityManager,
  divisionId: number,
  file: TshDivision,
): Promise<Map<number, number>> {
  const bySeed = await insertImportedPlayers(
    m,
    divisionId,
    file.players.map((p, i) => ({
      name: p.name,
      club: p.club,
      rating: p.rating,
      seed: i + 1,
      active: p.active,
      joinedRound: 1,
    })),
  );
  const idOf = new Map([...bySeed].map(([seed, id]) => [seed - 1, id]));
  await insertImportedAbsences(
    m,
    file.rounds.flatMap((r, k) => r.absent.map((i) => ({ playerId: idOf.get(i)!, round: k + 1 }))),
  );
  return idOf;
}

/**
 * The file's rounds with their games pending and byes finished; the played games' stored rows
 * and scores are returned, to be written as typed results are.
 */
async function storeTshRounds(
  m: EntityManager,
  divisionId: number,
  file: TshDivision,
  idOf: Map<number, number>,
  byeSpread: number,
  progress: ReportProgress,
): Promise<PlayedGame[]> {
  const results: PlayedGame[] = [];
  for (const [k, r] of file.rounds.entries()) {
    const roundId = await insertImportedRound(m, {
      divisionId,
      number: k + 1,
      system: 'manual',
      notes: null,
      basedOn: null,
    });
    const tables = [
      ...r.games.map((g) => ({ first: g.first, second: g.second })),
      ...r.byes.map((b) => ({ first: b, second: null })),
    ];
    const stored = await insertImportedPairings(
      m,
      roundId,
      tables.map((tb, i) => ({
        tableNumber: i + 1,
        firstPlayerId: idOf.get(tb.first)!,
        secondPlayerId: tb.second === null ? null : idOf.get(tb.second)!,
        status: tb.second === null ? 'bye' : 'pending',
        winner: tb.second === null ? 'first' : null,
        firstScore: tb.second === null ? byeSpread : null,
        secondScore: tb.second === null ? 0 : null,
        firstRemaining: null,
        secondRemaining: null,
        timeLossPlayerId: null,
        resultSource: tb.second === null ? 'bye' : null,
        resultKind: null,
      })),
    );
    r.games.forEach((g, i) => {
      if (g.scores) results.push({ game: stored.get(i + 1)!, scores: g.scores });
    });
    progress('store', k + 1, file.rounds.length);
  }
  return results;
}

/** A game of the file that was played: its stored row, and the scores to write on it. */
interface PlayedGame {
  game: ImportedResult['game'];
  scores: [number, number];
}

/** The problems of a refused TSH file (its 422 TSH_INVALID, thrown here or rebuilt from a job's), else null. */
export function tshProblemsOf(e: unknown): TshProblem[] | null {
  const problems = detailsOf(e, 'TSH_INVALID')?.problems;
  return Array.isArray(problems) ? problems : null;
}
