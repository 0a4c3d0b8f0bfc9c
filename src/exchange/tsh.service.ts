import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm';
import { Conflict, NotFound, Unprocessable } from '../common/errors';
import { insertMany } from '../database/bulk';
import { Transactions } from '../database/transactions';
import { findRuleSet } from '../engine';
import type { Lang } from '../i18n';
import { Actor, writeLog } from '../log/director-log';
import { Absence } from '../players/absence.entity';
import { Player } from '../players/player.entity';
import { attachPersons } from '../registry/persons';
import { ResultsService } from '../results/results.service';
import { Game } from '../rounds/game.entity';
import { Round } from '../rounds/round.entity';
import { playsAtTables } from '../rounds/tables';
import { Division } from '../tournaments/division.entity';
import { settingsOf } from '../tournaments/tournament-rules';
import { Tournament } from '../tournaments/tournament.entity';
import type { DivisionView } from '../tournaments/tournament.view';
import { TournamentsService } from '../tournaments/tournaments.service';
import {
  readTsh,
  resultsNotByScore,
  roundsPlayedThrough,
  TshGameIn,
  tshEntries,
  TshProblem,
  winnerByScores,
  writeTsh,
} from './tsh';
import { tshProblemsSummary } from './tsh-messages';

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

@Injectable()
export class TshService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly tournaments: TournamentsService,
    private readonly results: ResultsService,
  ) {}

  /** The division as TSH reads it: players by seed, the rounds played through. */
  async export(divisionId: number): Promise<{ name: string; text: string }> {
    const m = this.dataSource.manager;
    const division = await m.findOneBy(Division, { id: divisionId });
    if (!division) throw new NotFound('division', divisionId);
    if (playsAtTables(division)) {
      throw new Conflict(
        'TSH_PAIRS_ONLY',
        `a TSH file holds games of two; division ${division.name} plays at tables of ${division.tableSize}`,
      );
    }
    const players = await m.find(Player, {
      where: { divisionId },
      order: { seed: 'ASC', id: 'ASC' },
    });
    const index = new Map(players.map((p, i) => [p.id, i]));
    const rounds = await m.find(Round, { where: { divisionId }, order: { number: 'ASC' } });
    const numberOf = new Map(rounds.map((r) => [r.id, r.number]));
    const games = rounds.length
      ? await m.find(Game, { where: { roundId: In(rounds.map((r) => r.id)) } })
      : [];
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
   * A new division of the tournament from a TSH file, in one transaction: its players
   * (seeds by line), rounds with their pairings (who went first from `p12`), byes, absences,
   * and each result written through the results service (history, standings); the import is
   * one entry of the director's log. A file with any problem is refused whole (422).
   */
  async import(
    tournamentId: number,
    req: TshImport,
    user: Actor,
    lang: Lang = 'en',
  ): Promise<DivisionView> {
    if (!(await this.dataSource.manager.existsBy(Tournament, { id: tournamentId }))) {
      throw new NotFound('tournament', tournamentId);
    }
    const read = readTsh(req.file);
    if (!read.ok) throw new TshRefused(read.problems, lang);
    const file = read.division;
    const name = req.name.trim();
    const id = await this.transactions.run(async (m) => {
      const t = await m.findOneBy(Tournament, { id: tournamentId });
      if (!t) throw new NotFound('tournament', tournamentId);
      if (await m.existsBy(Division, { tournamentId, name })) {
        throw new Conflict('DIVISION_EXISTS', `the tournament already has a division '${name}'`);
      }
      const settings = settingsOf(t);
      if (req.ruleSet !== undefined && req.ruleSet !== settings.ruleSet) {
        if (!findRuleSet(req.ruleSet)) {
          throw new Unprocessable('UNKNOWN_RULE_SET', `unknown rule set ${req.ruleSet}`);
        }
        settings.ruleSet = req.ruleSet;
        settings.options = {};
      }
      if (file.byeSpread !== null) settings.byeSpread = file.byeSpread;
      settings.roundsPlanned = Math.max(settings.roundsPlanned, file.rounds.length, 1);
      const division = await m.save(m.create(Division, { ...settings, tournamentId, name }));
      await insertMany(
        m,
        Player,
        file.players.map((p, i) => ({
          divisionId: division.id,
          name: p.name,
          club: p.club,
          rating: p.rating,
          seed: i + 1,
          active: p.active,
          joinedRound: 1,
        })),
      );
      await attachPersons(m, division.id);
      const rows = await m.find(Player, {
        where: { divisionId: division.id },
        select: { id: true, seed: true },
      });
      const idOf = new Map(rows.map((p) => [p.seed - 1, p.id]));
      await insertMany(
        m,
        Absence,
        file.rounds.flatMap((r, k) =>
          r.absent.map((i) => ({ playerId: idOf.get(i)!, round: k + 1 })),
        ),
      );
      const results: { game: Game; scores: [number, number] }[] = [];
      for (const [k, r] of file.rounds.entries()) {
        const round = await m.save(
          m.create(Round, {
            divisionId: division.id,
            number: k + 1,
            system: 'manual',
            notes: null,
          }),
        );
        const tables = [
          ...r.games.map((g) => ({ first: g.first, second: g.second })),
          ...r.byes.map((b) => ({ first: b, second: null })),
        ];
        await insertMany(
          m,
          Game,
          tables.map((tb, i): QueryDeepPartialEntity<Game> => ({
            roundId: round.id,
            tableNumber: i + 1,
            firstPlayerId: idOf.get(tb.first)!,
            secondPlayerId: tb.second === null ? null : idOf.get(tb.second)!,
            status: tb.second === null ? 'bye' : 'pending',
            winner: tb.second === null ? 'first' : null,
            firstScore: tb.second === null ? settings.byeSpread : null,
            secondScore: tb.second === null ? 0 : null,
            firstRemaining: null,
            secondRemaining: null,
            timeLossPlayerId: null,
            resultSource: tb.second === null ? 'bye' : null,
            resultKind: null,
            version: 1,
          })),
        );
        const stored = new Map(
          (await m.find(Game, { where: { roundId: round.id } })).map((g) => [g.tableNumber, g]),
        );
        r.games.forEach((g, i) => {
          if (g.scores) results.push({ game: stored.get(i + 1)!, scores: g.scores });
        });
      }
      await this.results.recordImported(
        m,
        division.id,
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
      );
      await writeLog(m, user, {
        tournamentId,
        divisionId: division.id,
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
      return division.id;
    });
    return this.tournaments.division(id);
  }
}
