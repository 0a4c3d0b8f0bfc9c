import { JOKER, LETTER_MASK, THROUGH, WrittenTile } from '../rules/alphabet';
import { CompiledRules } from '../rules/compiled';
import { WordList } from '../rules/words';
import { addTurnIssue, IssueNote, turnIssue, TurnReport } from '../report/report';
import { parsePlayFirst, Position } from '../sheet/notation';
import { Scoresheet } from '../sheet/scoresheet';
import { applyPlay, Board, EMPTY, evaluatePlay, FormedWord, IllegalPlay, LegalPlay } from './board';
import { isKnown } from './known';
import { ReplayState } from './state';
import { TileCount } from './tiles';
import { writtenScore } from './totals';

/** A one-letter slip between two lines of a sheet, found by {@link LetterSlips}. */
interface LetterSlip {
  /** This turn's play as the engine takes it (through the tile). */
  play: LegalPlay;
  square: number;
  /** The tile the earlier line put on the square, and the one this line reads there. */
  earlier: WrittenTile;
  later: WrittenTile;
  /** The turn of the earlier line. */
  placedAt: number;
  /** Which line has the slip: the earlier one (the square reads `later` from now on) or this one. */
  slipAt: 'earlier' | 'this';
  /** This line writes the other letter over the tile (rather than showing it by `.` or a cross-word). */
  explicit: boolean;
  /** What tells which line is wrong: the word list, the sheet's scores, or nothing (an explicit letter). */
  evidence: 'words' | 'scores' | null;
}

/** Letters a copying slip confuses (diacritics), tried where only `.` and cross-words show a slip. */
const LETTER_FAMILIES = [
  ['C', 'Č', 'Ć'],
  ['S', 'Š'],
  ['Z', 'Ž'],
  ['D', 'Đ', 'DŽ'],
];
const familyCache = new WeakMap<object, number[][]>();

/** `families[code]`: the other letters of the code's family in the rule set's alphabet. */
function letterFamilies(rules: CompiledRules): number[][] {
  let families = familyCache.get(rules);
  if (!families) {
    const { letters } = rules.alphabet;
    const built = letters.map((): number[] => []);
    for (const names of LETTER_FAMILIES) {
      const codes = names.map((n) => letters.indexOf(n)).filter((c) => c > 0);
      for (const c of codes) built[c] = codes.filter((o) => o !== c);
    }
    families = built;
    familyCache.set(rules, families);
  }
  return families;
}

/**
 * One slip, one finding, for letters (rulings: "A one-letter slip"): two lines of the sheet
 * that read one square differently. Knows which turn put each tile down and in which play; the
 * replay asks it about a play refused only for writing another letter over a tile, and about a
 * legal play through a tile of a doubtful earlier line.
 */
export class LetterSlips {
  /** `plays[turn]`: the play applied on that turn (sized once: growing it cost every replay). */
  private readonly plays: (LegalPlay | undefined)[];
  private families: number[][] | null = null;

  private readonly rules: CompiledRules;
  private readonly board: Board;
  private readonly words: WordList | null;
  private readonly sheet: Scoresheet;
  private readonly turns: TurnReport[];

  constructor(
    private readonly state: ReplayState,
    private readonly tiles: TileCount,
    /** A stealing game: its written scores count what a play steals, so they show no slip. */
    private readonly stealing: boolean,
  ) {
    this.rules = state.rules;
    this.board = state.board;
    this.words = state.words;
    this.sheet = state.sheet;
    this.turns = state.turns;
    this.plays = new Array<LegalPlay | undefined>(state.sheet.turns.length);
  }

  /**
   * Looks at a turn's play for a slip between its line and an earlier one: a play refused
   * only for another letter over a tile ({@link conflict}), or a legal play through a tile of
   * a doubtful line ({@link through}). When the earlier line has it, the square takes this
   * line's letter.
   */
  examine(
    play: LegalPlay | IllegalPlay,
    position: Position,
    tiles: WrittenTile[],
    turn: number,
  ): LetterSlip | null {
    const { stealing } = this;
    const slip = play.ok
      ? this.through(
          play,
          position,
          tiles,
          stealing ? null : (this.sheet.turns[turn].score ?? null),
        )
      : this.conflict(
          play,
          position,
          tiles,
          stealing ? null : writtenScore(this.sheet.turns, turn),
        );
    // A slip is never assumed where it makes a later line go wrong (rulings, 21).
    if (slip && this.breaksLaterLine(slip, play, turn)) return null;
    if (slip && slip.slipAt === 'earlier') {
      const { square, earlier, later } = slip;
      this.board.cells[square] = later;
      this.tiles.corrected(earlier, later);
    }
    return slip;
  }

  /**
   * Whether taking a slip makes a later line go wrong: the later lines are read on two boards,
   * one with the slip taken (this turn's play through the tile, the square reading the later
   * letter when the earlier line has the slip) and one without it (this line refused, or played
   * as written when it is legal so), and the first line that is right on one board only decides.
   * A line is right when it is legal and its written score (or what its total adds) is the
   * rules' score, or it has none. Lines challenged off change no board, and a stealing game's
   * scores count steals, so only legality tells there. Asked only when a slip is found.
   */
  private breaksLaterLine(
    slip: LetterSlip,
    asWritten: LegalPlay | IllegalPlay,
    turn: number,
  ): boolean {
    const { rules, board, sheet } = this;
    const lines = sheet.turns;
    const taken = board.clone();
    if (slip.slipAt === 'earlier') taken.cells[slip.square] = slip.later;
    applyPlay(rules, taken, slip.play);
    const without = board.clone();
    if (asWritten.ok) applyPlay(rules, without, asWritten);
    for (let j = turn + 1; j < lines.length; j++) {
      const line = lines[j];
      if (line.play === undefined || (line.challenge && !line.challenge.valid)) continue;
      const parsed = parsePlayFirst(line.play, rules.alphabet, rules.size);
      if (!parsed.ok) continue;
      const claimed = this.stealing ? null : writtenScore(lines, j);
      const withSlip = evaluatePlay(rules, taken, parsed.position, parsed.tiles);
      const withoutSlip = evaluatePlay(rules, without, parsed.position, parsed.tiles);
      const rightWith = withSlip.ok && (claimed === null || claimed === withSlip.score);
      const rightWithout = withoutSlip.ok && (claimed === null || claimed === withoutSlip.score);
      if (rightWith !== rightWithout) return rightWithout;
      if (withSlip.ok) applyPlay(rules, taken, withSlip);
      if (withoutSlip.ok) applyPlay(rules, without, withoutSlip);
    }
    return false;
  }

  /**
   * The one finding of a letter slip, on the turn of the line that has it. A slip in an
   * earlier line takes the place of that line's findings it explains: its words missing from
   * the list, and a written score the other letter gives.
   */
  report(slip: LetterSlip, current: TurnReport, written: string): void {
    const { rules, words, turns } = this;
    const { alphabet } = rules;
    const { carriedTotals } = this.state;
    const label = (turn: number) => this.state.label(turn);
    const index = current.index;
    const { square, earlier, later, placedAt: j } = slip;
    const where = rules.squareNames[square];
    const was = alphabet.display(earlier);
    const reads = alphabet.display(later);
    const text = (tiles: WrittenTile[]) => alphabet.formatWord(tiles);
    const before = this.wordsThrough(this.playOf(j), square);
    const now = this.wordsThrough(slip.play, square);
    const beforeWord = before.find((w) => w.main) ?? before[0];
    const nowWord = now.find((w) => w.main) ?? now[0];
    const asWritten = text(beforeWord.tiles);
    const nowText = text(nowWord.tiles);
    if (slip.slipAt === 'this') {
      const writtenWord = text(this.withTile(nowWord, square, later));
      const why =
        slip.evidence === 'scores'
          ? `; the sheet's ${current.score.claimed} is its score with ${was}`
          : this.knownWith(nowWord, square, later)
            ? `; ${text(this.withTile(beforeWord, square, later))} is not in the dictionary`
            : `; ${asWritten} and ${nowText} are in the dictionary, ${writtenWord} is not`;
      const note: IssueNote = {
        code: 'LETTER_MISMATCH',
        severity: 'error',
        message: `${label(index)}: ${written} writes ${reads} on ${where}, which holds ${was} from turn ${j + 1} (${asWritten}): a slip in one letter, read through the tile as ${nowText}${why}`,
        squares: [where],
        word: writtenWord,
        written: writtenWord,
        computed: nowText,
      };
      addTurnIssue(current, turnIssue(note, note.message, index, current.player));
      return;
    }
    const slipped = turns[j];
    const corrected = text(this.withTile(beforeWord, square, later));
    const seen = slip.explicit
      ? `turn ${index + 1} writes ${reads} there (${written})`
      : `turn ${index + 1} reads it as ${reads} (${nowText})`;
    let why =
      slip.evidence === 'words'
        ? slip.explicit
          ? `; ${corrected} is in the dictionary, ${asWritten} is not`
          : `; ${corrected} and ${nowText} are in the dictionary, ${asWritten} and ${text(this.withTile(nowWord, square, earlier))} are not`
        : slip.evidence === null
          ? "; nothing on the sheet says which line is wrong: the later line's letter is taken"
          : '';
    // The findings of the earlier line that this slip explains give way to it.
    if (words !== null && before.every((w) => this.knownWith(w, square, later))) {
      const explained = new Set(before.map((w) => text(w.tiles)));
      slipped.issues = slipped.issues.filter(
        (i) => !(i.code === 'UNKNOWN_WORD' && explained.has(i.word!)),
      );
    }
    const delta = this.scoreDelta(j, square, earlier, later);
    const scoreAt = slipped.issues.findIndex((i) => i.code === 'SCORE_MISMATCH');
    const scoreExplained =
      scoreAt >= 0 && delta !== 0 && slipped.score.claimed === slipped.score.computed + delta;
    if (scoreExplained) {
      why += `; with ${reads} it scores ${slipped.score.claimed}, as the sheet says (the rules give ${slipped.score.computed} for ${asWritten} as written)`;
    }
    const note: IssueNote = {
      code: 'LETTER_MISMATCH',
      severity: slip.explicit || scoreExplained ? 'error' : 'warning',
      message: `${label(j)}: ${asWritten} puts ${was} on ${where}, but ${seen}: a slip in one letter for ${corrected}${why}; ${where} reads ${reads} from turn ${index + 1} on`,
      squares: [where],
      word: asWritten,
      written: asWritten,
      computed: corrected,
    };
    const finding = turnIssue(note, note.message, j, slipped.player);
    if (scoreExplained) {
      // The score slip was this one: its finding, and the totals it carries, become this.
      carriedTotals.replace(slipped.issues[scoreAt], finding);
      slipped.issues[scoreAt] = finding;
    } else {
      addTurnIssue(slipped, finding);
    }
  }

  /**
   * The turn whose play put a square's tile down, or -1. Looked up in the plays (rarely asked:
   * keeping a table on every play cost every replay more than the lookups do).
   */
  private placedBy(square: number): number {
    const { plays } = this;
    for (let turn = plays.length - 1; turn >= 0; turn--) {
      const play = plays[turn];
      if (play === undefined) continue;
      if (play.placedSquares.includes(square)) return turn;
    }
    return -1;
  }

  /** The play applied on a turn (one that put the tile of a slip down). */
  playOf(turn: number): LegalPlay {
    return this.plays[turn]!;
  }

  /** A play applied to the board on a turn. */
  record(turn: number, play: LegalPlay): void {
    this.plays[turn] = play;
  }

  /**
   * A play refused only because it writes another letter over one tile. Read through that
   * tile it is legal: one of the two lines has a slip. The earlier one, unless the word list
   * or the scores say this one (its words known only with the earlier letter, or its score
   * right only with it). Not when the sheet scores the play as refused (its written score, or
   * the difference its total adds, is neither reading's), nor when the word list knows neither.
   */
  conflict(
    play: IllegalPlay,
    position: Position,
    tiles: WrittenTile[],
    claimed: number | null,
  ): LetterSlip | null {
    if (play.problems.length !== 1 || play.problems[0].code !== 'SQUARE_OCCUPIED') return null;
    const { cells } = this.board;
    const step = position.direction === 'across' ? 1 : this.rules.size;
    const origin = position.row * this.rules.size + position.column;
    let k = -1;
    for (let i = 0; i < tiles.length; i++) {
      const cell = cells[origin + i * step];
      if (tiles[i] === THROUGH || cell === EMPTY) continue;
      if ((cell & LETTER_MASK) !== (tiles[i] & LETTER_MASK)) k = i;
    }
    const square = origin + k * step;
    const turn = k < 0 ? -1 : this.placedBy(square);
    if (turn < 0) return null;
    const earlier = cells[square];
    const later = (earlier & JOKER) | (tiles[k] & LETTER_MASK);
    const read = this.evaluateWith(square, later, position, tiles);
    if (!read) return null;
    const through = tiles.slice();
    through[k] = THROUGH;
    const kept = evaluatePlay(this.rules, this.board, position, through);
    if (claimed !== null && claimed !== read.score && !(kept.ok && claimed === kept.score)) {
      return null;
    }
    const slip = (slipAt: 'earlier' | 'this', evidence: LetterSlip['evidence']): LetterSlip => ({
      play: slipAt === 'earlier' || !kept.ok ? read : kept,
      square,
      earlier,
      later,
      placedAt: turn,
      slipAt,
      explicit: true,
      evidence,
    });
    const before = this.wordsThrough(this.plays[turn]!, square);
    if (this.words !== null) {
      // Each line's words as written, and with the other line's letter.
      const after = this.wordsThrough(read, square);
      const earlierWrong = !before.every((w) => this.known(w));
      const earlierFixed = before.every((w) => this.knownWith(w, square, later));
      const thisWrong = !after.every((w) => this.known(w));
      const thisFixed = kept.ok && after.every((w) => this.knownWith(w, square, earlier));
      if (earlierWrong && earlierFixed) return slip('earlier', 'words');
      if (thisWrong && thisFixed) return slip('this', 'words');
      // A letter that leaves a word unknown either way is not the whole story: the play stays refused.
      if (!earlierFixed && !thisFixed) return null;
      if (!earlierFixed) return slip('this', 'words');
    }
    if (this.scoreExplained(turn, square, later)) return slip('earlier', 'scores');
    if (kept.ok && claimed !== null && claimed === kept.score && claimed !== read.score) {
      return slip('this', 'scores');
    }
    return slip('earlier', null);
  }

  /**
   * A legal play through a tile of an earlier line when both lines are doubtful as written (a
   * word the list lacks, a score the rules do not give) and another letter of the tile's
   * family makes both right, with every word through the square in the list: the earlier
   * line has the slip, and the square reads that letter from now on.
   */
  through(
    play: LegalPlay,
    position: Position,
    tiles: WrittenTile[],
    claimed: number | null,
  ): LetterSlip | null {
    const { words } = this;
    const scoreOff = claimed !== null && claimed !== play.score;
    if (!scoreOff && words === null) return null;
    const { cells, size } = this.board;
    const families = (this.families ??= letterFamilies(this.rules));
    for (const word of play.words) {
      // Only a word the list lacks, or any word when the score is off, can show a slip.
      if (!scoreOff && this.known(word)) continue;
      const step = word.direction === 'across' ? 1 : size;
      for (let i = 0, square = word.start; i < word.tiles.length; i++, square += step) {
        const earlier = cells[square];
        if (earlier === EMPTY) continue; // a tile of this play
        const others = families[earlier & LETTER_MASK];
        if (others === undefined || others.length === 0) continue;
        let turn = -2;
        let earlierUnknown = false;
        for (const letter of others) {
          const later = (earlier & JOKER) | letter;
          // This line first, the cheapest question: its word known with the other letter.
          if (!scoreOff && !this.knownWith(word, square, later)) continue;
          if (turn === -2) {
            turn = this.placedBy(square);
            if (turn >= 0) {
              earlierUnknown =
                words !== null &&
                !this.everyThrough(this.plays[turn]!, square, (w) => this.known(w));
            }
          }
          if (turn < 0 || (!earlierUnknown && !this.scoreSlip(turn))) break;
          const before = this.plays[turn]!;
          if (!this.everyThrough(before, square, (w) => this.knownWith(w, square, later))) continue;
          if (!earlierUnknown && !this.scoreExplained(turn, square, later)) continue;
          const read = this.evaluateWith(square, later, position, tiles);
          if (!read) continue;
          if (!this.everyThrough(read, square, (w) => this.knownWith(w, square, later))) continue;
          const unknownNow =
            words !== null && !this.everyThrough(play, square, (w) => this.known(w));
          const scoreRight = scoreOff && claimed === read.score;
          if (!unknownNow && !scoreRight) continue;
          return {
            play: read,
            square,
            earlier,
            later,
            placedAt: turn,
            slipAt: 'earlier',
            explicit: false,
            evidence: unknownNow && earlierUnknown ? 'words' : 'scores',
          };
        }
      }
    }
    return null;
  }

  /** Whether every word of a play through a square passes a test (no list is built). */
  private everyThrough(play: LegalPlay, square: number, test: (w: FormedWord) => boolean): boolean {
    const { size } = this.rules;
    for (const w of play.words) if (covers(w, square, size) && !test(w)) return false;
    return true;
  }

  /** The words of a play that pass through a square. */
  wordsThrough(play: LegalPlay, square: number): FormedWord[] {
    const { size } = this.rules;
    return play.words.filter((w) => covers(w, square, size));
  }

  /** A word's tiles with the tile on `square` changed. */
  withTile(word: FormedWord, square: number, tile: WrittenTile): WrittenTile[] {
    const tiles = word.tiles.slice();
    tiles[(square - word.start) / (word.direction === 'across' ? 1 : this.rules.size)] = tile;
    return tiles;
  }

  /** How much more a turn's play scores with `to` for `from` on `square` (a tile it put down). */
  scoreDelta(turn: number, square: number, from: WrittenTile, to: WrittenTile): number {
    const play = this.plays[turn]!;
    const { rules } = this;
    const value = (t: WrittenTile) =>
      t & JOKER ? rules.alphabet.jokerValue : rules.alphabet.values[t & LETTER_MASK];
    const difference = (value(to) - value(from)) * rules.letterMultiplier[square];
    let delta = 0;
    for (const w of this.wordsThrough(play, square)) {
      let multiplier = 1;
      const step = w.direction === 'across' ? 1 : rules.size;
      for (let i = 0, s = w.start; i < w.tiles.length; i++, s += step) {
        if (play.placedSquares.includes(s)) multiplier *= rules.wordMultiplier[s];
      }
      delta += difference * multiplier;
    }
    return delta;
  }

  /** The play evaluated with `tile` on `square` instead of the tile there; null if illegal. */
  private evaluateWith(
    square: number,
    tile: WrittenTile,
    position: Position,
    tiles: WrittenTile[],
  ): LegalPlay | null {
    const { cells } = this.board;
    const was = cells[square];
    cells[square] = tile;
    const read = evaluatePlay(this.rules, this.board, position, tiles);
    cells[square] = was;
    return read.ok ? read : null;
  }

  private scoreSlip(turn: number): boolean {
    const { score, status } = this.turns[turn];
    return score.claimed !== null && score.claimed !== score.computed && status !== 'withdrawn';
  }

  /** The turn's written score is off from the rules' by what the other letter would add. */
  private scoreExplained(turn: number, square: number, tile: WrittenTile): boolean {
    if (!this.scoreSlip(turn)) return false;
    const { claimed, computed } = this.turns[turn].score;
    const delta = this.scoreDelta(turn, square, this.board.cells[square], tile);
    return delta !== 0 && claimed === computed + delta;
  }

  private known(word: FormedWord): boolean {
    return this.words === null || isKnown(this.rules, this.words, word);
  }

  knownWith(word: FormedWord, square: number, tile: WrittenTile): boolean {
    const { words } = this;
    if (words === null) return true;
    // The word's own tiles, changed for the question and back (no copy on the replay's path).
    const { tiles } = word;
    const k = (square - word.start) / (word.direction === 'across' ? 1 : this.rules.size);
    const was = tiles[k];
    tiles[k] = tile;
    const known = words.hasTiles
      ? words.hasTiles(tiles, this.rules.alphabet.keys)
      : words.has(this.rules.alphabet.keyOf(tiles));
    tiles[k] = was;
    return known;
  }
}

/** Whether a formed word lies over a square of a size x size board. */
function covers(w: FormedWord, square: number, size: number): boolean {
  const offset = square - w.start;
  return w.direction === 'across'
    ? offset >= 0 &&
        offset < w.tiles.length &&
        square - (square % size) === w.start - (w.start % size)
    : offset >= 0 && offset % size === 0 && offset / size < w.tiles.length;
}
