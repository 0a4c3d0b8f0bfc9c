/**
 * The replay of a card game (Quivit). A turn records the points and cards a
 * player took; where it also records the grid and the card rotated, the
 * engine finds the linked cards itself and compares. Geometry and rulings:
 * docs/rulings-other-games.md ("Quivit").
 */
import {
  CarriedTotals,
  PlayerReport,
  reportOk,
  turnList,
  VerificationReport,
} from '../../report/report';
import { CompiledRules } from '../../rules/compiled';
import { Scoresheet } from '../../sheet/scoresheet';
import { decide } from '../result';
import { ColourBlocks } from './blocks';
import { Deck } from './deck';
import { CardEnding } from './ending';
import { drawGrid, RecordedGrids } from './grid';
import { takeLinkedCards, takenText, takeWrittenCards } from './links';
import { Rotations } from './rotation';
import { CardReplayState } from './state';

/**
 * Replays a card game's sheet turn by turn and reports what the rules compute beside what the
 * sheet says. The game's state is a {@link CardReplayState}; each rule is a module that reads and
 * changes it: Color Block cards (`blocks.ts`), the grid the sheet records (`grid.ts`), the
 * rotation with its Double Rotate card (`rotation.ts`), the cards it links and takes
 * (`links.ts`), the draw deck (`deck.ts`), the end of the game (`ending.ts`). A refused turn is
 * reported and takes nothing; the replay goes on.
 */
export function verifyCardGame(sheet: Scoresheet, rules: CompiledRules): VerificationReport {
  const state = new CardReplayState(rules, sheet);
  const blocks = new ColourBlocks(state);
  const grids = new RecordedGrids(state);
  const rotations = new Rotations(state);
  const deck = new Deck(state);
  const ending = new CardEnding(state, deck);

  for (let index = 0; index < sheet.turns.length; index++) {
    const t = state.beginTurn(index);
    if (!ending.countTurn(t)) continue;
    blocks.play(t);
    const grid = grids.read(t, blocks.covered);
    if (t.refused) continue;
    const rotation = rotations.read(t, grid, blocks.covered);
    if (t.refused) {
      grids.leave(null);
      continue;
    }
    const taking =
      grid && rotation
        ? takeLinkedCards(state, t, grid, rotation, blocks.covered)
        : takeWrittenCards(t);
    grids.leave(taking.left);
    deck.take(t, taking.taken);
    t.count(taking.points, taking.taken);
  }

  const ruleSet = rules.ruleSet;
  const { cards, names, turns, gameIssues, size } = state;
  const n = state.playerCount;
  const label = (i: number) => state.label(i);
  const counted = state.replayed.map((t) => t.counted);
  const wouldScore = state.replayed.map((t) => t.points);
  const cardsTaken = state.replayed.map((t) => t.taken);
  const doubleRotateUsed = rotations.doubleRotateAt;
  const lastRound = ending.lastRound;
  const lastGrid = grids.last;

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
      `End of game: the deck still holds ${deck.count} cards after round ${rounds}, more than ${cards.drainAt}: Drain the Deck plays another round`,
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
