import { JOKER, LETTER_MASK, WordReading, WrittenTile } from '../rules/alphabet';
import { CompiledRules } from '../rules/compiled';
import { WordList } from '../rules/words';
import { IssueNote } from '../report/report';
import { parsePlayFirst, Position } from '../sheet/notation';
import {
  applyPlay,
  Board,
  evaluatePlay,
  IllegalPlay,
  LegalPlay,
  PlayProblem,
  positionName,
  squareNamesOf,
} from './board';
import { BlankSwap } from './blank-swap';
import { failedChallenge, withdrawPlay } from './challenge';
import { Clocks } from './clock';
import { describePlay } from './describe';
import { everyWordKnown, isKnown } from './known';
import { LetterSlips } from './letter-slips';
import { PoolCount } from './pool';
import { ReplayState, ReplayTurn } from './state';
import { Ownership } from './stealing';
import { TileCount } from './tiles';

/** The rules a play meets besides the board's own, each null where the rule set has none. */
export interface PlayRules {
  clocks: Clocks;
  tiles: TileCount;
  letterSlips: LetterSlips;
  stealing: Ownership | null;
  pool: PoolCount | null;
  swap: BlankSwap | null;
  /** Each turn's rack as the sheet's reading read it, by turn; null: each rack read here. */
  racks: readonly (WrittenTile[] | undefined)[] | null;
}

/**
 * A line that records a play: the play read (a digraph read as the rulings allow), any blank
 * taken from the board, checked against the board and the variant's rules, then withdrawn on
 * a challenge, refused, or applied with its words, bonuses and tiles in the report. A letter
 * that two lines read differently is one finding (letter slips).
 */
export function replayPlayTurn(state: ReplayState, t: ReplayTurn, m: PlayRules): void {
  const { rules, board, words } = state;
  const { alphabet } = rules;
  const { turn, report, index } = t;
  const p = t.player;
  const written = turn.play!;
  const swap = turn.swap !== undefined && m.swap ? m.swap.take(board, turn.swap, index) : null;
  const outcome: PlayOutcome =
    swap && !swap.ok
      ? {
          reading: undefined,
          notes: [{ code: 'BLANK_SWAP_INVALID', severity: 'error', message: swap.message }],
        }
      : readPlay(rules, board, written, words);
  if (outcome.play?.ok && (rules.jokerForbidden || swap)) {
    const broken = variantProblems(rules, outcome.play, swap?.ok ? swap.taken.length : 0);
    if (broken) outcome.play = { ok: false, fits: true, problems: broken };
  }
  const challenge = turn.challenge;
  // One slip, one finding: two lines that read one square differently (rulings).
  // Asked only of a refused play, or with a word list or a score the rules do not give.
  const letterSlip =
    outcome.play &&
    outcome.tiles &&
    (!outcome.play.ok ||
      (words !== null && !everyWordKnown(rules, words, outcome.play)) ||
      (report.score.claimed !== null && report.score.claimed !== outcome.play.score)) &&
    !swap &&
    !(challenge && !challenge.valid)
      ? m.letterSlips.examine(outcome.play, outcome.position!, outcome.tiles, index)
      : null;
  if (letterSlip) outcome.play = letterSlip.play;
  let applied = false;
  if (outcome.reading) report.reading = outcome.reading;
  const { notes } = outcome;
  for (let i = 0; i < notes.length; i++) t.issue(notes[i], `${t.label}: ${notes[i].message}`);
  if (challenge && !challenge.valid) {
    withdrawPlay(state, t, outcome.play, m.clocks, m.stealing);
  } else if (!outcome.play) {
    t.refuse();
  } else if (!outcome.play.ok) {
    t.refuse();
    for (const problem of outcome.play.problems) {
      t.issue({
        code: problem.code,
        severity: 'error',
        message: `${t.label}: ${problem.message}; the play is left off the board`,
        squares: problem.squares,
        word: problem.word,
      });
    }
  } else {
    const play = outcome.play;
    applyPlay(rules, board, play);
    m.letterSlips.record(index, play);
    applied = true;
    report.score.computed = play.score;
    const steal = m.stealing ? m.stealing.assessFor(state, play, p) : null;
    if (words !== null) {
      for (let k = 0; k < play.words.length; k++) {
        const w = play.words[k];
        if (!isKnown(rules, words, w)) {
          const text = alphabet.formatWord(w.tiles);
          const { across, down } = rules.positionNames;
          const position = w.direction === 'across' ? across[w.start] : down[w.start];
          t.issue({
            code: 'UNKNOWN_WORD',
            severity: 'warning',
            message: `${t.label}: ${text} at ${position} is not in the dictionary; the judge's ruling decides (only a recorded challenge changes the game)`,
            word: text,
          });
        }
      }
    }
    // A play's words are written out in its report when the report's turns are first read,
    // unless the stealing rule changed their scores.
    if (steal) describePlay(rules, report, play, words !== null, steal.wordScores);
    else state.describeLater(index, play);
    m.tiles.placed(t, play.placedTiles);
    if (swap && swap.ok) m.swap!.record(t, swap.taken, m.tiles);
    if (m.swap) m.swap.played(play, index);
    if (steal) m.stealing!.record(state, t, steal);
    if (m.pool) m.pool.played(state, t, play.placedSquares.length);
    if (letterSlip) m.letterSlips.report(letterSlip, report, written);
  }
  if (swap && swap.ok && !applied) m.swap!.undo(board, swap.taken);
  if (challenge && challenge.valid) failedChallenge(state, t, m.clocks);
  if (turn.rack !== undefined && outcome.play?.ok) {
    const swapped = swap?.ok ? swap.taken.map((x) => x.letter) : NO_TILES;
    checkRack(rules, t, m, outcome.play, swapped);
  }
}

/**
 * Whether the turn's recorded rack holds the tiles the play takes from it; a finding when not.
 * Most racks hold them: told by {@link rackHolds} on the rack as the sheet's reading read it,
 * before {@link missingFromRack} makes anything.
 */
function checkRack(
  rules: CompiledRules,
  t: ReplayTurn,
  m: PlayRules,
  play: LegalPlay,
  swapped: readonly WrittenTile[],
): void {
  const rack = t.turn.rack!;
  const read = m.racks === null ? undefined : m.racks[t.index];
  if (read !== undefined && rackHolds(read, play.placedTiles, swapped)) return;
  const missing = missingFromRack(rules, rack, read, play.placedTiles, swapped);
  if (missing) {
    t.issue({
      code: 'RACK_MISMATCH',
      severity: 'warning',
      message: `${t.playLabel}: the play uses ${missing.tiles}, which the recorded rack ${rack} does not hold`,
      written: rack,
      computed: missing.needed,
    });
  }
}

interface PlayOutcome {
  /** The evaluated play, or undefined when the notation could not be read. */
  play?: LegalPlay | IllegalPlay;
  /** Canonical notation of the reading the engine used, when it is not the one written. */
  reading: string | undefined;
  notes: readonly IssueNote[];
  /** Where the play was written and the tiles of the reading evaluated, with a play. */
  position?: Position;
  tiles?: WrittenTile[];
}

/**
 * Reads a written play and evaluates it. A Latin `LJ`/`NJ`/`DŽ` may be read
 * as two tiles only as the rulings allow: when the default reading does not
 * fit the board and exactly one other does, or when exactly one reading
 * forms only known words. Every such choice is reported.
 */
function readPlay(
  rules: CompiledRules,
  board: Board,
  text: string,
  words: WordList | null,
): PlayOutcome {
  const parsed = parsePlayFirst(text, rules.alphabet, rules.size);
  if (!parsed.ok) {
    return {
      reading: undefined,
      notes: [
        {
          code: parsed.code,
          severity: 'error',
          message: `${parsed.message}; the play is left off the board`,
        },
      ],
    };
  }
  const { position, tiles, digraphs } = parsed;
  const first = evaluatePlay(rules, board, position, tiles);
  // The other readings of a word with a Latin digraph are made only when the first is in doubt.
  const single = parsed.readings !== null ? parsed.readings.length === 1 : digraphs === null;
  if (single || (first.ok && (words === null || allKnown(rules, words, first)))) {
    return { play: first, reading: undefined, notes: NO_NOTES, position, tiles };
  }
  const readings = parsed.readings ?? rules.alphabet.readingsOf(tiles, digraphs!);
  return chooseReading(rules, board, text, words, position, readings, first);
}

/** Most plays are read without a note: they share this empty list, which nothing adds to. */
const NO_NOTES: readonly IssueNote[] = [];

/** Whether a play is legal and every word it forms is known (false without a word list). */
function allKnown(rules: CompiledRules, words: WordList | null, play: LegalPlay | IllegalPlay) {
  return play.ok && words !== null && everyWordKnown(rules, words, play);
}

/** The reading of a play written with a Latin digraph whose default reading is in doubt. */
function chooseReading(
  rules: CompiledRules,
  board: Board,
  text: string,
  words: WordList | null,
  position: Position,
  readings: WordReading[],
  first: LegalPlay | IllegalPlay,
): PlayOutcome {
  const canonical = (tiles: WrittenTile[]) =>
    `${positionName(position)} ${rules.alphabet.formatWord(tiles)}`;
  const asWritten: PlayOutcome = {
    play: first,
    reading: undefined,
    notes: NO_NOTES,
    position,
    tiles: readings[0].tiles,
  };
  const evaluated = readings.map((r, i) => ({
    reading: r,
    play: i === 0 ? first : evaluatePlay(rules, board, position, r.tiles),
  }));
  const chosen = (i: number, why: string): PlayOutcome => {
    const { reading, play } = evaluated[i];
    const written = canonical(reading.tiles);
    return {
      play,
      reading: written,
      notes: [
        {
          code: 'DIGRAPH_READING',
          severity: 'info',
          message: `'${text}' is read as ${written}: ${why}`,
          word: rules.alphabet.formatWord(reading.tiles),
        },
      ],
      position,
      tiles: reading.tiles,
    };
  };
  if (words !== null) {
    const known = evaluated
      .map((e, i) => (allKnown(rules, words, e.play) ? i : -1))
      .filter((i) => i >= 0);
    if (known.length === 1 && known[0] !== 0) {
      return chosen(known[0], 'it is the only reading whose words are all in the dictionary');
    }
  }
  if (first.ok || first.fits) return asWritten;
  const fitting = evaluated
    .map((e, i) => (i > 0 && (e.play.ok || e.play.fits) ? i : -1))
    .filter((i) => i >= 0);
  if (fitting.length === 1) {
    return chosen(fitting[0], `the reading ${canonical(readings[0].tiles)} does not fit the board`);
  }
  const legal = fitting.filter((i) => evaluated[i].play.ok);
  if (legal.length === 1) {
    return chosen(
      legal[0],
      `the reading ${canonical(readings[0].tiles)} does not fit the board and this is the only legal one`,
    );
  }
  if (fitting.length > 1) {
    return {
      reading: undefined,
      notes: [
        {
          code: 'AMBIGUOUS_READING',
          severity: 'error',
          message: `'${text}' can be read as ${fitting.map((i) => canonical(evaluated[i].reading.tiles)).join(' or ')}; write | between two tiles that are meant apart (IN|JEKCIJA); the play is left off the board`,
        },
      ],
    };
  }
  return asWritten;
}

/**
 * Rules a play can break beyond the board's own: a joker standing for a letter
 * it may not (Qwibble's wild tiles and S), and a blank taken from the board
 * that the play does not use. Null when the play keeps them.
 */
export function variantProblems(
  rules: CompiledRules,
  play: LegalPlay,
  blanksTaken: number,
): PlayProblem[] | null {
  const problems: PlayProblem[] = [];
  const forbidden = rules.jokerForbidden;
  let jokers = 0;
  const { placedSquares, placedTiles } = play;
  for (let i = 0; i < placedTiles.length; i++) {
    const tile = placedTiles[i];
    if (!(tile & JOKER)) continue;
    jokers++;
    if (forbidden && forbidden[tile & LETTER_MASK]) {
      const name = rules.squareNames[placedSquares[i]];
      problems.push({
        code: 'JOKER_LETTER_NOT_ALLOWED',
        message: `the wild tile on ${name} stands for ${rules.alphabet.letters[tile & LETTER_MASK]}, which a wild tile may not`,
        squares: [name],
        word: rules.alphabet.display(tile),
      });
    }
  }
  if (jokers < blanksTaken) {
    problems.push({
      code: 'BLANK_NOT_USED',
      message: `the player took ${blanksTaken} blank${blanksTaken === 1 ? '' : 's'} from the board but the play uses ${jokers === 0 ? 'none' : `only ${jokers}`}: a blank taken must be played in the same turn (written in lower case)`,
      squares: squareNamesOf(rules, placedSquares),
    });
  }
  return problems.length > 0 ? problems : null;
}

/** No blank taken from the board (most plays): one list for all. */
const NO_TILES: readonly WrittenTile[] = [];

/** Each tile's count on a rack, by tile (a joker under {@link JOKER}); all 0 between calls. */
const RACK_COUNT = new Int32Array(JOKER + 1);

/**
 * Whether a rack holds every tile a play takes from it (a blank taken from the board paid for
 * with a letter): counted in one table rather than a map and two lists a play, as every play of
 * a record that writes its racks is checked (most hold them).
 */
function rackHolds(
  rack: readonly WrittenTile[],
  placed: readonly WrittenTile[],
  swapped: readonly WrittenTile[],
): boolean {
  const count = RACK_COUNT;
  for (let i = 0; i < rack.length; i++) count[rack[i]]++;
  count[JOKER] += swapped.length;
  let holds = true;
  for (let i = 0; holds && i < swapped.length + placed.length; i++) {
    const tile = i < swapped.length ? swapped[i] : placed[i - swapped.length];
    const key = tile & JOKER ? JOKER : tile;
    if (count[key] > 0) count[key]--;
    else holds = false;
  }
  for (let i = 0; i < rack.length; i++) count[rack[i]] = 0;
  count[JOKER] = 0;
  return holds;
}

/**
 * The tiles of a play the recorded rack does not hold, as text, and every tile the play takes
 * from the rack as a rack is written (`?` a joker); null when the rack holds them all.
 */
function missingFromRack(
  rules: CompiledRules,
  rack: string,
  read: readonly WrittenTile[] | undefined,
  placed: readonly WrittenTile[],
  swapped: readonly WrittenTile[] = [],
): { tiles: string; needed: string } | null {
  let rackTiles = read;
  if (rackTiles === undefined) {
    const parsed = rules.alphabet.parseRack(rack);
    if (!parsed.ok) return null;
    rackTiles = parsed.tiles;
  }
  if (rackHolds(rackTiles, placed, swapped)) return null;
  const pool = new Map<number, number>();
  for (const tile of rackTiles) pool.set(tile, (pool.get(tile) ?? 0) + 1);
  // A blank taken from the board is paid for with the real letter from the rack.
  if (swapped.length > 0) pool.set(JOKER, (pool.get(JOKER) ?? 0) + swapped.length);
  const missing: string[] = [];
  for (const tile of [...swapped, ...placed]) {
    const key = tile & JOKER ? JOKER : tile;
    const left = pool.get(key) ?? 0;
    if (left > 0) pool.set(key, left - 1);
    else missing.push(tile & JOKER ? '?' : rules.alphabet.display(tile));
  }
  if (missing.length === 0) return null;
  const taken = [...swapped, ...placed];
  const letters = taken.filter((tile) => !(tile & JOKER));
  return {
    tiles: missing.join(' '),
    needed: '?'.repeat(taken.length - letters.length) + rules.alphabet.formatWord(letters),
  };
}
