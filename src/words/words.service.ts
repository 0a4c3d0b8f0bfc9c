import { TournamentAccess } from '../auth/tournament-access';
import { tournamentRow } from '../tournaments/division-rows';
import { touchDivisions } from '../tournaments/tournament-rules';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { PublicUser } from '../auth/public-user';
import { BadInput, ErrorDetails, NotFound, Unprocessable } from '../common/errors';
import { Transactions } from '../database/transactions';
import { defaultWordList } from '../dictionary/default-lists';
import { JudgeInputError, judgeWords, ruleSetWordReader, Verdict } from '../dictionary/judge';
import { parseUploadedWordList } from '../dictionary/upload';
import { findRuleSet, SetWordList, WordList } from '../engine';
import { RoundsService } from '../rounds/rounds.service';
import { divisionPlays, TournamentOfWords } from '../tournaments/tournaments-for-words';
import { JudgeWordsDto, UploadWordListDto } from './dto/words.dto';
import { TournamentWordList } from './word-list.entity';
import { WordRuling } from './word-ruling.entity';

/** Which list rules a tournament's games. */
export interface WordListView {
  source: 'tournament' | 'default';
  name: string;
  words: number;
  updatedAt: string | null;
}

const MAX_LINE_ERRORS = 200;

declare module '../common/errors' {
  interface ErrorDetails {
    /** Words of a challenged play that cannot be read by its rules: each as sent, with its index. */
    WORD_UNREADABLE: JudgeInputError[];
  }
}

/** Which stored list a tournament has: its row, and when that was written. */
export type StoredWordList = Pick<TournamentWordList, 'id' | 'updatedAt'>;

/** A list replaced is a new row; its time is compared too, as the cache always did. */
const sameStoredList = (a: StoredWordList, b: StoredWordList): boolean =>
  a.id === b.id && a.updatedAt.getTime() === b.updatedAt.getTime();

@Injectable()
export class WordsService {
  /** Uploaded lists, kept in memory while unchanged (keyed by tournament, checked by row and time). */
  private readonly cache = new Map<number, { stored: StoredWordList; list: WordList }>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly rounds: RoundsService,
    private readonly access: TournamentAccess,
  ) {}

  /**
   * The list a division's words are checked against: the tournament's own list when the
   * division plays the tournament's rule set (the list was read as its words), else the
   * division's rule set's default. Without `ruleSet`, the tournament's rule set. `stored`
   * is the tournament's list row as a caller already read it (null: it has none), which
   * spares the read of it; the words themselves are read only when that row is new here.
   */
  async listForTournament(
    tournament: TournamentOfWords,
    ruleSet: string = tournament.ruleSet,
    stored?: StoredWordList | null,
  ): Promise<{ list: WordList | null; label: string }> {
    const own =
      ruleSet !== tournament.ruleSet
        ? null
        : stored !== undefined
          ? stored
          : await this.dataSource.manager.findOne(TournamentWordList, {
              where: { tournamentId: tournament.id },
              select: { id: true, updatedAt: true, tournamentId: true },
            });
    if (!own) {
      return {
        list: defaultWordList(ruleSet),
        label: `default:${findRuleSet(ruleSet)?.wordList ?? 'none'}`,
      };
    }
    const cached = this.cache.get(tournament.id);
    if (cached && sameStoredList(cached.stored, own))
      return { list: cached.list, label: `tournament:${tournament.id}` };
    const full = await this.dataSource.manager.findOneByOrFail(TournamentWordList, { id: own.id });
    const list = new SetWordList(full.words.split('\n'));
    this.cache.set(tournament.id, { stored: { id: own.id, updatedAt: own.updatedAt }, list });
    return { list, label: `tournament:${tournament.id}` };
  }

  /** The tournament's list, or for a division of another rule set (`ruleSet`) that rule set's default. */
  async describe(tournamentId: number, ruleSet?: string): Promise<WordListView> {
    const tournament = await this.tournament(tournamentId);
    const rules = ruleSet ?? tournament.ruleSet;
    const own =
      rules === tournament.ruleSet
        ? await this.dataSource.manager.findOne(TournamentWordList, {
            where: { tournamentId },
            select: { name: true, wordCount: true, updatedAt: true, id: true },
          })
        : null;
    if (own)
      return {
        source: 'tournament',
        name: own.name,
        words: own.wordCount,
        updatedAt: own.updatedAt.toISOString(),
      };
    const list = defaultWordList(rules);
    return {
      source: 'default',
      name: findRuleSet(rules)?.wordList ?? 'none',
      words: list?.size ?? 0,
      updatedAt: null,
    };
  }

  /** Replaces the tournament's list. A list with bad lines is refused whole, every bad line named. */
  async upload(tournamentId: number, dto: UploadWordListDto): Promise<WordListView> {
    const tournament = await this.tournament(tournamentId);
    const parsed = parseUploadedWordList(dto.text, ruleSetWordReader(tournament.ruleSet));
    if (parsed.errors.length > 0) {
      const shown = parsed.errors.slice(0, MAX_LINE_ERRORS);
      throw new Unprocessable(
        'WORD_LIST_INVALID',
        `${parsed.errors.length} line(s) are not words of ${tournament.ruleSet}: ${shown
          .slice(0, 5)
          .map((e) => `line ${e.line} '${e.text.trim()}': ${e.message}`)
          .join('; ')}${parsed.errors.length > 5 ? '; …' : ''}`,
        shown,
      );
    }
    if (parsed.words.length === 0)
      throw new BadInput('WORD_LIST_EMPTY', 'text has no words: one word a line');
    await this.transactions.run(async (m) => {
      await m.delete(TournamentWordList, { tournamentId });
      await m.insert(TournamentWordList, {
        tournamentId,
        name: dto.name,
        words: parsed.words.join('\n'),
        wordCount: parsed.words.length,
      });
    });
    this.cache.delete(tournamentId);
    return this.describe(tournamentId);
  }

  /** Gives tournament `to` a copy of tournament `from`'s own list, if it has one (in `m`'s transaction). */
  async copyList(m: EntityManager, from: number, to: number): Promise<void> {
    const list = await m.findOneBy(TournamentWordList, { tournamentId: from });
    if (list) {
      await m.insert(TournamentWordList, {
        tournamentId: to,
        name: list.name,
        words: list.words,
        wordCount: list.wordCount,
      });
    }
  }

  async remove(tournamentId: number): Promise<WordListView> {
    await this.tournament(tournamentId);
    await this.transactions.run((m) => m.delete(TournamentWordList, { tournamentId }));
    this.cache.delete(tournamentId);
    return this.describe(tournamentId);
  }

  /** Rules on a challenged play and logs the ruling; the answer never names the failing word. */
  async judge(
    dto: JudgeWordsDto,
    user: PublicUser | null,
  ): Promise<{ verdict: Verdict; rulingId: number }> {
    let tournament: TournamentOfWords | null = null;
    /** The rule set of the game's division. */
    let played: string | null = null;
    /** The game's division, whose pages (a replay shows the rulings) change with the ruling. */
    let division: number | null = null;
    if (dto.gameId !== undefined) {
      const game = await this.rounds.gamePlayed(dto.gameId);
      const ofGame = game.tournamentId;
      if (dto.tournamentId !== undefined && dto.tournamentId !== ofGame) {
        throw new BadInput(
          'GAME_NOT_IN_TOURNAMENT',
          `tournamentId must be ${ofGame}, the tournament of game ${dto.gameId}, not ${dto.tournamentId}`,
        );
      }
      tournament = await this.tournament(ofGame);
      played = game.ruleSet;
      division = game.divisionId;
    } else if (dto.tournamentId !== undefined) {
      tournament = await this.tournament(dto.tournamentId);
      // A side event of another rule set is judged by its own rules.
      if (
        dto.rules !== undefined &&
        (await divisionPlays(this.dataSource.manager, tournament.id, dto.rules))
      )
        played = dto.rules;
    }
    // A ruling is logged in its tournament: a judge's role there is needed.
    if (tournament && user) await this.access.require(user, tournament.id, ['judge']);
    const rules = played ?? tournament?.ruleSet ?? dto.rules ?? 'kvizovka';
    if (tournament && dto.rules !== undefined && dto.rules !== rules) {
      throw new BadInput(
        'RULES_MISMATCH',
        `rules must be ${rules}, which ${played ? `game ${dto.gameId}` : `tournament ${tournament.id}`} plays, not ${dto.rules.slice(0, 40)}`,
      );
    }
    if (!findRuleSet(rules)) {
      throw new BadInput(
        'UNKNOWN_RULE_SET',
        `rules must name a rule set (GET /api/rule-sets lists them), not "${rules.slice(0, 40)}"`,
      );
    }
    const { list, label } = tournament
      ? await this.listForTournament(tournament, rules)
      : { list: defaultWordList(rules), label: `default:${findRuleSet(rules)!.wordList}` };
    if (!list)
      throw new Unprocessable(
        'NO_WORD_LIST',
        `there is no word list for ${rules}; upload one for the tournament`,
      );
    const ruling = judgeWords(rules, dto.words, list);
    if (!ruling.ok) {
      throw new BadInput(
        'WORD_UNREADABLE',
        ruling.errors
          .map((e) => (e.index >= 0 ? `words[${e.index}]: ${e.message}` : e.message))
          .join('; '),
        ruling.errors satisfies ErrorDetails['WORD_UNREADABLE'],
      );
    }
    const saved = await this.transactions.run(async (m) => {
      const row = await m.save(
        m.create(WordRuling, {
          tournamentId: tournament?.id ?? null,
          gameId: dto.gameId ?? null,
          turn: dto.turn ?? null,
          ruleSet: rules,
          wordList: label,
          words: dto.words,
          verdict: ruling.verdict,
          userId: user?.id ?? null,
          userName: user?.name ?? null,
        }),
      );
      // The game's replay shows its rulings: its kept pages are made again. A ruling changes no
      // result, so it is logged in a closed tournament too (not refused as a result would be).
      if (division !== null) await touchDivisions(m, division, { closing: true });
      return row;
    });
    return { verdict: ruling.verdict, rulingId: saved.id };
  }

  async rulings(tournamentId: number): Promise<WordRuling[]> {
    await this.tournament(tournamentId);
    return this.dataSource.manager.find(WordRuling, {
      where: { tournamentId },
      order: { id: 'ASC' },
    });
  }

  /** The rulings logged with a game, oldest first (none when none was). */
  gameRulings(gameId: number): Promise<WordRuling[]> {
    return this.dataSource.manager.find(WordRuling, {
      where: { gameId },
      order: { id: 'ASC' },
    });
  }

  private async tournament(id: number): Promise<TournamentOfWords> {
    const found = await tournamentRow(this.dataSource.manager, id);
    if (!found) throw new NotFound('tournament', id);
    return found;
  }
}
