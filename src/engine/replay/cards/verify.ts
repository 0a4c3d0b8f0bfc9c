/**
 * The replay of a card game (Quivit). A turn records the points and cards a
 * player took; where it also records the grid and the card rotated, the
 * engine finds the linked cards itself and compares. Geometry and rulings:
 * docs/rulings-other-games.md ("Quivit").
 */
import {
  reportOk,
  CarriedTotals,
  Issue,
  IssueNote,
  PlayerReport,
  turnIssue,
  turnList,
  TurnReport,
  VerificationReport,
} from '../../report/report';
import { CompiledRules, squareName } from '../../rules/compiled';
import { parseSquare, Scoresheet } from '../../sheet/scoresheet';
import { decide } from '../result';
import { checkGridAgainst, drawGrid, Grid, parseGrid } from './grid';
import { linkedCards } from './links';
import { parseRotation, turnCard, Turning } from './rotation';

/** Replays a card game's sheet (see the module comment). */
export function verifyCardGame(sheet: Scoresheet, rules: CompiledRules): VerificationReport {
  const ruleSet = rules.ruleSet;
  const cards = ruleSet.cards!;
  const size = cards.gridSize;
  const names = sheet.players;
  const n = names.length;
  const gameIssues: Issue[] = [];
  const turns: TurnReport[] = [];
  const who = (p: number) => names[p];
  const label = (i: number) => `Turn ${i + 1} (${names[sheet.turns[i].player]})`;
  const deckCards = cards.deck.reduce((sum, d) => sum + d.count, 0) * cards.decks;
  let deck = deckCards - size * size;
  let onGrid = size * size;
  let deckEmptyReported = false;
  const doubleRotateUsed = new Array<number | null>(n).fill(null);
  const blockUsed = new Array<number | null>(n).fill(null);
  const blocked = new Set<number>();
  /** The grid after the last turn with a grid, taken places null; null when unknown. */
  let previousGrid: Grid | null = null;
  let lastGrid: Grid | null = null;
  /** With Drain the Deck: the last round played (the deck ran low before the next). */
  let lastRound: number | null = cards.drainDeck ? null : cards.rounds;
  const counted: boolean[] = [];
  const wouldScore: number[] = [];
  const cardsTaken: number[] = [];

  for (let index = 0; index < sheet.turns.length; index++) {
    const turn = sheet.turns[index];
    const p = turn.player;
    const round = Math.floor(index / n) + 1;
    const report: TurnReport = {
      index,
      player: p,
      kind: 'rotate',
      status: 'ok',
      play: turn.rotate,
      score: { claimed: turn.score ?? null, computed: 0 },
      total: { claimed: turn.total ?? null, computed: 0 },
      words: [],
      bonuses: [],
      placed: [],
      cards: { claimed: turn.cards ?? turn.taken?.length ?? null, computed: 0 },
      round,
      issues: [],
    };
    const issue = (i: IssueNote) => report.issues.push(turnIssue(i, i.message, index, p));
    turns.push(report);
    counted.push(false);
    wouldScore.push(0);
    cardsTaken.push(0);

    // Round r starts with player (r − 1) mod n: the deck and timepiece move on each round.
    const expected = (round - 1 + (index % n)) % n;
    if (p !== expected) {
      issue({
        code: 'OUT_OF_TURN',
        severity: 'warning',
        message: `${label(index)}: round ${round} starts with ${who((round - 1) % n)}, so this was ${who(expected)}'s turn`,
      });
    }
    if (lastRound === null && round > cards.rounds && index % n === 0 && deck <= cards.drainAt) {
      lastRound = round - 1;
    }
    if (lastRound !== null && round > lastRound) {
      report.status = 'illegal';
      issue({
        code: 'TOO_MANY_TURNS',
        severity: 'error',
        message: cards.drainDeck
          ? `${label(index)}: the deck held ${deck} cards before round ${round} (${cards.drainAt} or fewer end the game), so the game ended after round ${lastRound}; the turn is not counted`
          : `${label(index)}: the game has ${cards.rounds} rounds of ${n} turns; the turn is not counted`,
      });
      continue;
    }

    for (const b of turn.blocks ?? []) {
      const at = parseSquare(b.card, size)!; // checked when the sheet was read
      const place = at.row * size + at.column;
      const used = blockUsed[b.by];
      if (used !== null) {
        issue({
          code: 'CARD_ALREADY_USED',
          severity: 'error',
          message: `${label(index)}: ${who(b.by)} blocks ${b.card}, but played their only Color Block card at turn ${used + 1}`,
        });
        continue;
      }
      blockUsed[b.by] = index;
      blocked.add(place);
    }

    let grid: Grid | null = null;
    if (turn.grid !== undefined) {
      const read = parseGrid(turn.grid, cards);
      if (!read.ok) {
        report.status = 'illegal';
        issue({
          code: 'BAD_GRID',
          severity: 'error',
          message: `${label(index)}: ${read.message}; the turn is not counted`,
        });
        previousGrid = null;
        continue;
      }
      grid = read.grid;
      lastGrid = grid;
      checkGridAgainst(grid, previousGrid, blocked, size, cards, (message) =>
        issue({
          code: 'GRID_CHANGED',
          severity: 'warning',
          message: `${label(index)}: ${message}`,
        }),
      );
    }

    let rotation: { place: number; turning: Turning } | null = null;
    if (turn.rotate !== undefined) {
      const read = parseRotation(turn.rotate, size);
      if (!read.ok) {
        report.status = 'illegal';
        issue({
          code: 'BAD_NOTATION',
          severity: 'error',
          message: `${label(index)}: ${read.message}; the turn is not counted`,
        });
        previousGrid = null;
        continue;
      }
      rotation = read;
      const placeName = squareName(size, read.place);
      let refusal: string | null = null;
      let code: 'ROTATION_NOT_ALLOWED' | 'CARD_ALREADY_USED' = 'ROTATION_NOT_ALLOWED';
      if (read.turning === '180' || read.turning === 'free') {
        const what = read.turning === '180' ? 'a half turn' : 'a free link';
        if (!cards.doubleRotate) {
          refusal = `${what} needs a Double Rotate card, and this game is played without them (option doubleRotate)`;
        } else if (doubleRotateUsed[p] !== null) {
          code = 'CARD_ALREADY_USED';
          refusal = `${what} needs a Double Rotate card, and ${who(p)} played theirs at turn ${doubleRotateUsed[p] + 1}`;
        } else {
          doubleRotateUsed[p] = index;
        }
      }
      if (!refusal && grid) {
        const card = grid[read.place];
        if (!card) refusal = `there is no card on ${placeName} to rotate`;
        else if (card.blocked || blocked.has(read.place)) {
          refusal = `${placeName} is covered by a Color Block card and cannot be rotated`;
        }
      }
      if (refusal) {
        report.status = 'illegal';
        issue({
          code,
          severity: 'error',
          message: `${label(index)}: ${refusal}; the turn is not counted`,
        });
        previousGrid = null;
        continue;
      }
    }

    let points: number;
    let taken: number;
    if (grid && rotation) {
      const turned = grid.slice();
      turned[rotation.place] = turnCard(grid[rotation.place]!, rotation.turning);
      for (const place of blocked)
        if (turned[place]) turned[place] = { ...turned[place], blocked: true };
      const colour = turn.colour !== undefined ? cards.colours.indexOf(turn.colour) : null;
      const places = linkedCards(turned, size, rotation.place, colour);
      points = places.reduce((sum, place) => sum + turned[place]!.value, 0);
      taken = places.length;
      report.taken = places.map((place) => `${squareName(size, place)} ${turned[place]!.value}`);
      const claimedValues = turn.taken;
      const computedValues = places.map((place) => turned[place]!.value);
      if (turn.cards !== undefined && turn.cards !== taken) {
        issue({
          code: 'CARDS_MISMATCH',
          severity: 'error',
          message: `${label(index)}: the sheet says ${turn.cards} cards, the grid gives ${taken}${takenText(report.taken)}`,
          written: turn.cards,
          computed: taken,
        });
      }
      if (claimedValues !== undefined && !sameValues(claimedValues, computedValues)) {
        issue({
          code: 'CARDS_MISMATCH',
          severity: 'error',
          message: `${label(index)}: the sheet lists cards worth [${claimedValues.join(', ')}], the grid gives [${computedValues.join(', ')}]${takenText(report.taken)}`,
          written: claimedValues.join(', '),
          computed: computedValues.join(', '),
        });
      }
      for (const place of places) turned[place] = null;
      previousGrid = turned;
    } else {
      // Without the grid the sheet's own figures stand, checked against each other.
      taken = turn.taken?.length ?? turn.cards ?? 0;
      points = turn.taken ? turn.taken.reduce((a, b) => a + b, 0) : (turn.score ?? 0);
      if (turn.taken !== undefined && turn.cards !== undefined && turn.cards !== taken) {
        issue({
          code: 'CARDS_MISMATCH',
          severity: 'error',
          message: `${label(index)}: the sheet says ${turn.cards} cards but lists ${taken} (${turn.taken.join(', ')})`,
          written: turn.cards,
          computed: taken,
        });
      }
      previousGrid = null;
    }
    if (taken > onGrid) {
      issue({
        code: 'CARDS_MISMATCH',
        severity: 'error',
        message: `${label(index)}: ${taken} cards taken, but the grid holds only ${onGrid} (the deck is empty)`,
        written: taken,
        computed: onGrid,
      });
    }
    const refill = Math.min(taken, deck);
    onGrid += refill - Math.min(taken, onGrid);
    deck -= refill;
    if (deck === 0 && onGrid < size * size && !deckEmptyReported) {
      deckEmptyReported = true;
      issue({
        code: 'DECK_EXHAUSTED',
        severity: 'info',
        message: `${label(index)}: the draw deck is empty; the grid keeps ${onGrid} cards from here on`,
      });
    }
    counted[index] = true;
    wouldScore[index] = points;
    cardsTaken[index] = taken;
    report.cards!.computed = taken;
  }

  // A last round that did not finish: under Drain the Deck its cards are not scored.
  const rounds = Math.ceil(turns.length / n);
  const partial = turns.length % n !== 0;
  const unscoredRound = cards.drainDeck && partial && rounds > cards.rounds ? rounds : null;
  const totals = new Array<number>(n).fill(0);
  const cardTotals = new Array<number>(n).fill(0);
  const carriedTotals = new CarriedTotals(n);
  for (const report of turns) {
    const i = report.index;
    const p = report.player;
    if (counted[i] && report.round === unscoredRound) {
      report.status = 'unscored';
      report.issues.push({
        code: 'ROUND_NOT_SCORED',
        severity: 'info',
        turn: i,
        player: p,
        message: `${label(i)}: round ${unscoredRound} did not finish, so its cards (${wouldScore[i]} points) are not scored`,
      });
    } else if (counted[i]) {
      report.score.computed = wouldScore[i];
      totals[p] += wouldScore[i];
      cardTotals[p] += cardsTaken[i];
    }
    const claimed = report.score.claimed;
    const allowed = report.status === 'unscored' ? wouldScore[i] : null;
    if (claimed !== null && claimed !== report.score.computed && claimed !== allowed) {
      report.issues.push({
        code: 'SCORE_MISMATCH',
        severity: 'error',
        turn: i,
        player: p,
        message: `${label(i)}: the sheet says ${claimed} points, the rules give ${report.score.computed}${report.taken ? takenText(report.taken) : ''}`,
        written: claimed,
        computed: report.score.computed,
      });
      carriedTotals.slip(
        p,
        claimed - report.score.computed,
        report.issues[report.issues.length - 1],
      );
      if (report.status === 'ok') report.status = 'score-mismatch';
    }
    report.total.computed = totals[p];
    const claimedTotal = report.total.claimed;
    // A total that only repeats an earlier slip is not a finding of its own.
    if (claimedTotal !== null && carriedTotals.total(p, claimedTotal, totals[p])) {
      report.issues.push({
        code: 'TOTAL_MISMATCH',
        severity: 'error',
        turn: i,
        player: p,
        message: `${label(i)}: the sheet's total is ${claimedTotal}, the rules give ${totals[p]}`,
        written: claimedTotal,
        computed: totals[p],
      });
      carriedTotals.slip(p, 0, report.issues[report.issues.length - 1]);
      if (report.status === 'ok') report.status = 'score-mismatch';
    }
  }
  carriedTotals.finish();

  const end = sheet.end ?? {};
  const planned = cards.drainDeck ? null : cards.rounds * n;
  /**
   * A game that stops short: `GAME_INCOMPLETE` when the sheet says how it ended, and when it
   * says nothing, a sheet not yet over (`END_NOT_RECORDED`, with the turns a player is due).
   */
  const short = (message: string, due: number) => {
    if (end.reason !== undefined) {
      gameIssues.push({ code: 'GAME_INCOMPLETE', severity: 'warning', message });
      return;
    }
    const had = names
      .map((name, p) => {
        let taken = 0;
        for (const t of turns) if (t.player === p && counted[t.index]) taken++;
        return `${name} ${taken} of ${due}`;
      })
      .join(', ');
    gameIssues.push({
      code: 'END_NOT_RECORDED',
      severity: 'warning',
      message: `End of game: the sheet does not say how the game ended, and not every player has had ${due} turns (${had}); if the game is over, say how it ended`,
      computed: due,
    });
  };
  if (planned !== null && turns.length < planned && end.reason !== 'agreed') {
    short(
      `End of game: the sheet has ${turns.length} of the ${planned} turns of ${cards.rounds} rounds`,
      cards.rounds,
    );
  } else if (
    cards.drainDeck &&
    (partial ? rounds - 1 : rounds) < cards.rounds &&
    end.reason !== 'agreed'
  ) {
    short(
      `End of game: the sheet has ${partial ? rounds - 1 : rounds} full rounds; Drain the Deck plays at least ${cards.rounds}`,
      cards.rounds,
    );
  } else if (cards.drainDeck && lastRound === null && !partial && end.reason !== 'agreed') {
    short(
      `End of game: the deck still holds ${deck} cards after round ${rounds}, more than ${cards.drainAt}: Drain the Deck plays another round`,
      rounds + 1,
    );
  }

  const players: PlayerReport[] = names.map((name, p) => {
    const drawn = end.drawn?.[p] ?? null;
    let drawnCard = 0;
    if (drawn !== null) {
      if (doubleRotateUsed[p] !== null) {
        gameIssues.push({
          code: 'CARD_ALREADY_USED',
          severity: 'error',
          player: p,
          message: `End of game: ${name} draws a card for a Double Rotate card, but played it at turn ${doubleRotateUsed[p] + 1}; the card is not counted`,
        });
      } else {
        drawnCard = drawn;
      }
    }
    const final = totals[p] + drawnCard;
    const claimedFinal = sheet.claimed?.final?.[p] ?? null;
    if (claimedFinal !== null && claimedFinal !== final) {
      const follows = carriedTotals.finalFollows(p, claimedFinal, final);
      gameIssues.push({
        code: 'FINAL_MISMATCH',
        severity: 'error',
        player: p,
        message: `End of game: the sheet gives ${name} ${claimedFinal}, the rules give ${final} (${totals[p]} from cards${drawnCard ? ` + ${drawnCard} drawn for the unused Double Rotate card` : ''})${follows ? `; the difference follows from the ${follows.length === 1 ? 'slip' : 'slips'} on ${turnList(follows)}` : ''}`,
        written: claimedFinal,
        computed: final,
      });
    }
    const seconds = ruleSet.clock.minutes * 60;
    return {
      name,
      moves: totals[p],
      rackPenalty: 0,
      rackBonus: 0,
      final,
      claimedFinal,
      penaltyMinutes: 0,
      remaining: `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`,
      remainingSeconds: seconds,
      turns: turns.filter((t) => t.player === p && counted[t.index]).length,
      timeExpired: false,
      cards: cardTotals[p],
      ...(cards.doubleRotate ? { drawnCard } : {}),
    };
  });

  const result = decide(
    players,
    players.map(() => null),
    ruleSet.tieBreaks ?? ['cards'],
    { cards: cardTotals },
  );
  return {
    ok: reportOk(turns, gameIssues),
    rules: ruleSet.id,
    turns,
    players,
    result,
    issues: gameIssues,
    board: lastGrid ? drawGrid(lastGrid, size, cards) : [],
  };
}

function takenText(taken: string[]): string {
  return taken.length > 0 ? ` (${taken.join(', ')})` : ' (no card links)';
}

function sameValues(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort((m, k) => m - k);
  const y = [...b].sort((m, k) => m - k);
  return x.every((v, i) => v === y[i]);
}
