import { JOKER, THROUGH, WrittenTile } from '../rules/alphabet';
import { applyPlay, Board, BLOCKER, evaluatePlay, isTile, positionName } from './board';
import type { Direction } from '../sheet/notation';
import { compileRules, CompiledRules } from '../rules/compiled';
import { RuleSet } from '../rules/ruleset';
import { formatClock, Scoresheet, SheetTurn } from '../sheet/scoresheet';

/** A small, fast, seeded pseudo-random generator (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generated game: the sheet, and the truth the generator kept while making it. */
export interface SimulatedGame {
  sheet: Scoresheet;
  /** Score of each turn as the generator computed it. */
  scores: number[];
  /** Tiles left in the bag at the end. */
  bag: WrittenTile[];
  /** Tiles on each rack at the end. */
  racks: WrittenTile[][];
  /** Squares that held a blocker at any point. */
  blockers: Set<number>;
  /** Board at the end. */
  board: Board;
}

/** Options of {@link simulateGame}. */
export interface SimulateOptions {
  /** Turns per player (default: the rule set's, or 10). */
  turnsPerPlayer?: number;
  /** Random placements tried before a player exchanges (default 300). */
  attempts?: number;
}

/**
 * Plays a random legal game under the rule set (placements legal on the
 * board; words are random letters, so no dictionary is involved) and writes
 * its score sheet with correct scores, totals, clocks and final racks.
 * Deterministic for a seed: the same seed gives the same game.
 */
export function simulateGame(
  ruleSet: RuleSet,
  seed: number,
  options: SimulateOptions = {},
): SimulatedGame {
  const random = seededRandom(seed);
  const rules = compileRules(ruleSet);
  const { alphabet, size } = rules;
  const turnsPerPlayer = options.turnsPerPlayer ?? ruleSet.turnsPerPlayer ?? 10;
  const attempts = options.attempts ?? 300;
  const pick = (n: number) => Math.floor(random() * n);

  const bag: WrittenTile[] = [];
  for (let code = 1; code <= alphabet.size; code++) {
    for (let k = 0; k < alphabet.counts[code]; k++) bag.push(code);
  }
  for (let k = 0; k < alphabet.jokerCount; k++) bag.push(JOKER);
  const draw = (rack: WrittenTile[]) => {
    while (rack.length < ruleSet.rackSize && bag.length > 0) {
      const i = pick(bag.length);
      rack.push(bag[i]);
      bag[i] = bag[bag.length - 1];
      bag.pop();
    }
  };
  const racks: WrittenTile[][] = [[], []];
  draw(racks[0]);
  draw(racks[1]);

  const board = new Board(size);
  const blockers = new Set<number>();
  const turns: SheetTurn[] = [];
  const scores: number[] = [];
  const totals = [0, 0];
  const clocks = [ruleSet.clock.minutes * 60, ruleSet.clock.minutes * 60];

  for (let t = 0; t < turnsPerPlayer * 2; t++) {
    const player = t % 2;
    const rack = racks[player];
    clocks[player] -= 10 + pick(60);
    const clock = formatClock(clocks[player]);
    const found = findPlay(rules, board, rack, random, attempts);
    if (found) {
      const { written, row, column, direction, rackUsed } = found;
      const play = evaluatePlay(rules, board, { row, column, direction }, written);
      if (!play.ok) throw new Error('simulateGame: a play found legal is not legal');
      applyPlay(rules, board, play);
      for (let s = 0; s < board.cells.length; s++) if (board.cells[s] === BLOCKER) blockers.add(s);
      rackUsed.sort((a, b) => b - a).forEach((i) => rack.splice(i, 1));
      draw(rack);
      totals[player] += play.score;
      scores.push(play.score);
      turns.push({
        player,
        play: `${positionName({ row, column, direction })} ${alphabet.formatWord(written)}`,
        score: play.score,
        total: totals[player],
        clock,
      });
    } else if (rack.length > 0 && bag.length >= rack.length) {
      const n = Math.min(rack.length, 1 + pick(rack.length));
      const out = rack.splice(0, n);
      draw(rack);
      bag.push(...out);
      scores.push(0);
      turns.push({ player, exchange: n, score: 0, total: totals[player], clock });
    } else {
      scores.push(0);
      turns.push({ player, pass: true, total: totals[player], clock });
    }
  }

  const rackPenalty = (rack: WrittenTile[]) =>
    rack.reduce(
      (sum, tile) => sum + (tile === JOKER ? ruleSet.endOfGame.jokerOnRack : alphabet.values[tile]),
      0,
    );
  const rackText = (rack: WrittenTile[]) =>
    '?'.repeat(rack.filter((tile) => tile === JOKER).length) +
    alphabet.formatWord(rack.filter((tile) => tile !== JOKER));
  const sheet: Scoresheet = {
    format: 'scoresheet/1',
    rules: ruleSet.id,
    players: ['Player One', 'Player Two'],
    turns,
    end: {
      reason: 'turns',
      racks: racks.map(rackText),
      clocks: clocks.map(formatClock),
    },
    claimed: { final: [totals[0] - rackPenalty(racks[0]), totals[1] - rackPenalty(racks[1])] },
  };
  return { sheet, scores, bag, racks, blockers, board };
}

interface FoundPlay {
  written: WrittenTile[];
  row: number;
  column: number;
  direction: Direction;
  rackUsed: number[];
}

function findPlay(
  rules: CompiledRules,
  board: Board,
  rack: WrittenTile[],
  random: () => number,
  attempts: number,
): FoundPlay | null {
  const { size, alphabet } = rules;
  const pick = (n: number) => Math.floor(random() * n);
  const anchors: number[] = [];
  if (board.tileCount === 0) {
    anchors.push(rules.start);
  } else {
    for (let s = 0; s < board.cells.length; s++) if (isTile(board.cells[s])) anchors.push(s);
  }
  for (let attempt = 0; attempt < attempts; attempt++) {
    const anchor = anchors[pick(anchors.length)];
    const direction: Direction = random() < 0.5 ? 'across' : 'down';
    const length = rules.ruleSet.minWordLength + pick(5);
    const offset = pick(length);
    const anchorRow = Math.floor(anchor / size);
    const anchorColumn = anchor % size;
    const row = direction === 'down' ? anchorRow - offset : anchorRow;
    const column = direction === 'across' ? anchorColumn - offset : anchorColumn;
    if (row < 0 || column < 0) continue;
    const step = direction === 'across' ? 1 : size;
    const last = (direction === 'across' ? column : row) + length - 1;
    if (last >= size) continue;
    const free = rack.map((_, i) => i);
    const written: WrittenTile[] = [];
    const rackUsed: number[] = [];
    let fits = true;
    for (let k = 0; k < length; k++) {
      const cell = board.cells[row * size + column + k * step];
      if (cell === BLOCKER) {
        fits = false;
        break;
      }
      if (isTile(cell)) {
        written.push(THROUGH);
        continue;
      }
      if (free.length === 0) {
        fits = false;
        break;
      }
      const slot = free.splice(pick(free.length), 1)[0];
      rackUsed.push(slot);
      const tile = rack[slot];
      written.push(tile === JOKER ? JOKER | (1 + pick(alphabet.size)) : tile);
    }
    if (!fits || rackUsed.length === 0) continue;
    const play = evaluatePlay(rules, board, { row, column, direction }, written);
    if (play.ok) return { written, row, column, direction, rackUsed };
  }
  return null;
}
