import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Conflict, NotFound } from '../common/errors';
import { Transactions } from '../database/transactions';
import type { Lang } from '../i18n';
import { inJobProcess, jobDatabase } from '../jobs/in-job-process';
import { Job, Jobs } from '../jobs/jobs';
import type { Actor } from '../log/director-log';
import { playersBySeedForExport } from '../players/players-export';
import { gamesForTsh, roundsForExport } from '../rounds/rounds-export';
import { divisionForExport, tournamentForImport } from '../tournaments/tournament-export';
import { playsAtTables } from '../tournaments/tournament-rules';
import type { ImportedTsh, TshImport, TshImportInput } from './tsh-import';
import { resultsNotByScore, roundsPlayedThrough, TshGameIn, tshEntries, writeTsh } from './tsh';

export { TshRefused } from './tsh-import';
export type { ImportedTsh, TshImport } from './tsh-import';

@Injectable()
export class TshService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly jobs: Jobs,
  ) {}

  /** The division as TSH reads it: players by seed, the rounds played through. */
  async export(divisionId: number): Promise<{ name: string; text: string }> {
    const m = this.dataSource.manager;
    const division = await divisionForExport(m, divisionId);
    if (!division) throw new NotFound('division', divisionId);
    if (playsAtTables(division)) {
      throw new Conflict(
        'TSH_PAIRS_ONLY',
        `a TSH file holds games of two; division ${division.name} plays at tables of ${division.tableSize}`,
      );
    }
    const players = await playersBySeedForExport(m, divisionId);
    const index = new Map(players.map((p, i) => [p.id, i]));
    const rounds = await roundsForExport(m, divisionId);
    const numberOf = new Map(rounds.map((r) => [r.id, r.number]));
    const games = await gamesForTsh(
      m,
      rounds.map((r) => r.id),
    );
    const facts: TshGameIn[] = games.map((g) => ({
      round: numberOf.get(g.roundId)!,
      first: index.get(g.firstPlayerId)!,
      second: g.secondPlayerId === null ? null : index.get(g.secondPlayerId)!,
      status: g.status,
      winner: g.winner,
      scores:
        g.firstScore !== null && g.secondScore !== null ? [g.firstScore, g.secondScore] : null,
      kind: g.status === 'complete' ? g.resultKind : null,
    }));
    const through = roundsPlayedThrough(facts, rounds.length);
    const unsaid = resultsNotByScore(facts, through);
    if (unsaid.length > 0) {
      const named = unsaid.slice(0, 5).map((g) => {
        const at = games.find(
          (x) => numberOf.get(x.roundId) === g.round && index.get(x.firstPlayerId) === g.first,
        );
        return `round ${g.round}, table ${at?.tableNumber ?? '?'}: ${players[g.first].name} ${g.scores![0]} : ${g.scores![1]} ${players[g.second!].name}, won by ${g.winner === 'first' ? players[g.first].name : g.winner === 'second' ? players[g.second!].name : 'neither'}`;
      });
      throw new Conflict(
        'TSH_RESULT_NOT_BY_SCORE',
        `a TSH file decides every game by its scores, and ${unsaid.length} game(s) here were decided otherwise (a time loss, or a tie-break of equal scores), so the file would give the other result: ${named.join('; ')}`,
        { games: unsaid.length },
      );
    }
    const entries = tshEntries(players.length, facts, through, division.forfeitSpread);
    const text = writeTsh(
      players.map((p, i) => ({
        name: p.name,
        rating: p.rating,
        club: p.club,
        active: p.active,
        entries: entries[i],
      })),
    );
    return { name: division.name, text };
  }

  /**
   * A new division of the tournament from a TSH file, as a job (`tsh-import.ts`, in a process
   * of its own): its players (seeds by line), rounds with their pairings (who went first from
   * `p12`), byes, absences, and each result written as a typed result is (history,
   * standings), in one transaction on the job's own connection, so the server answers
   * everyone meanwhile; the import is one entry of the director's log. A file with any problem
   * is refused whole (422 TSH_INVALID, its message in `lang`): nothing is stored. A closed
   * tournament takes none (409 TOURNAMENT_CLOSED), before any job starts.
   */
  async startImport(
    tournamentId: number,
    req: TshImport,
    user: Actor,
    lang: Lang = 'en',
  ): Promise<Job<ImportedTsh>> {
    const tournament = await tournamentForImport(this.dataSource.manager, tournamentId);
    if (!tournament) throw new NotFound('tournament', tournamentId);
    // A closed tournament's results are final: it takes no new division, from a file either.
    if (tournament.closed) {
      throw new Conflict(
        'TOURNAMENT_CLOSED',
        `${tournament.name} is closed: its results are final; reopen it (POST /api/tournaments/${tournamentId}/reopen) to import a division`,
        { tournament: tournamentId },
      );
    }
    const input: TshImportInput = {
      tournamentId,
      name: req.name,
      file: req.file,
      ...(req.ruleSet !== undefined ? { ruleSet: req.ruleSet } : {}),
      user: user ? { id: user.id, name: user.name, email: user.email } : null,
      lang,
    };
    return this.jobs.start('tsh.import', user?.id ?? null, (progress, jobId) =>
      inJobProcess<ImportedTsh>('tsh.import', input, {
        database: jobDatabase(this.dataSource),
        jobId,
        progress,
        writeSlot: (write) => this.transactions.exclusive(write),
      }),
    );
  }
}
