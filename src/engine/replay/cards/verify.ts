/**
 * The replay of a card game (Quivit). A turn records the points and cards a
 * player took; where it also records the grid and the card rotated, the
 * engine finds the linked cards itself and compares. Geometry and rulings:
 * docs/rulings-other-games.md ("Quivit").
 */
import { reportOk, VerificationReport } from '../../report/report';
import { CompiledRules } from '../../rules/compiled';
import { Scoresheet } from '../../sheet/scoresheet';
import { decide } from '../result';
import { ColourBlocks } from './blocks';
import { Deck } from './deck';
import { CardEnding } from './ending';
import { drawGrid, RecordedGrids } from './grid';
import { takeLinkedCards, takeWrittenCards } from './links';
import { CardScoring } from './scoring';
import { Rotations } from './rotation';
import { CardReplayState } from './state';

/** What a card game's replay tells after each line of the sheet. */
export interface CardReplayObserver {
  /** After line `index`: the grid the sheet recorded last, drawn; none when none was. */
  afterCardTurn?(index: number, grid: string[]): void;
}

/**
 * Replays a card game's sheet turn by turn and reports what the rules compute beside what the
 * sheet says. The game's state is a {@link CardReplayState}; each rule is a module that reads and
 * changes it: Color Block cards (`blocks.ts`), the grid the sheet records (`grid.ts`), the
 * rotation with its Double Rotate card (`rotation.ts`), the cards it links and takes
 * (`links.ts`), the draw deck (`deck.ts`), the end of the game (`ending.ts`), and the scores,
 * totals and finals (`scoring.ts`). A refused turn is reported and takes nothing; the replay
 * goes on.
 */
export function verifyCardGame(
  sheet: Scoresheet,
  rules: CompiledRules,
  observer: CardReplayObserver | null = null,
): VerificationReport {
  const state = new CardReplayState(rules, sheet);
  const blocks = new ColourBlocks(state);
  const grids = new RecordedGrids(state);
  const rotations = new Rotations(state);
  const deck = new Deck(state);
  const ending = new CardEnding(state, deck);

  const replayTurn = (index: number): void => {
    const t = state.beginTurn(index);
    if (!ending.countTurn(t)) return;
    blocks.play(t);
    const grid = grids.read(t, blocks.covered);
    if (t.refused) return;
    const rotation = rotations.read(t, grid, blocks.covered);
    if (t.refused) {
      grids.leave(null);
      return;
    }
    const taking =
      grid && rotation
        ? takeLinkedCards(state, t, grid, rotation, blocks.covered)
        : takeWrittenCards(t);
    grids.leave(taking.left);
    deck.take(t, taking.taken);
    t.count(taking.points, taking.taken);
  };
  for (let index = 0; index < sheet.turns.length; index++) {
    replayTurn(index);
    if (observer?.afterCardTurn)
      observer.afterCardTurn(
        index,
        grids.last ? drawGrid(grids.last, state.size, state.cards) : [],
      );
  }

  const scoring = new CardScoring(state);
  scoring.scoreTurns();
  ending.atEnd();
  const players = state.names.map((_, p) => scoring.account(p, rotations.drawnCard(p)));

  const { ruleSet } = rules;
  const { cards, turns, gameIssues } = state;
  const result = decide(
    players,
    players.map(() => null),
    ruleSet.tieBreaks ?? ['cards'],
    { cards: scoring.cardTotals },
  );
  return {
    ok: reportOk(turns, gameIssues),
    rules: ruleSet.id,
    turns,
    players,
    result,
    issues: gameIssues,
    board: grids.last ? drawGrid(grids.last, state.size, cards) : [],
  };
}
