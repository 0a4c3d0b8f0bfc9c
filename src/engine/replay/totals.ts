import { turnList, TurnReport } from '../report/report';
import { SheetTurn } from '../sheet/scoresheet';
import { ReplayState, ReplayTurn } from './state';

/**
 * The turn's written score beside the rules', then the points the turn adds to the mover's
 * total, which it returns. A withdrawn play's written score is the score claimed before the
 * challenge: it is not compared (its total must not count it).
 */
export function scoreTurn(state: ReplayState, t: ReplayTurn): number {
  const { report } = t;
  const p = t.player;
  const claimed = report.score.claimed;
  if (claimed !== null && claimed !== report.score.computed && report.status !== 'withdrawn') {
    scoreMismatch(state, t, claimed);
  }
  const added = report.score.computed + (report.challengeBonus ?? 0);
  state.totals[p] += added;
  report.total.computed = state.totals[p];
  return added;
}

/**
 * A written score the rules do not give. Apart from {@link scoreTurn}, which every line passes:
 * V8 takes that into the replay's loop within a budget of bytecode, and this part there left no
 * room for the clocks' check of a line (measured: 1.1k machine instructions a game more).
 */
function scoreMismatch(state: ReplayState, t: ReplayTurn, claimed: number): void {
  const { report } = t;
  state.describeTurn(t.index, report);
  t.issue({
    code: 'SCORE_MISMATCH',
    severity: 'error',
    message: `${t.playLabel}: the sheet says ${claimed}, the rules give ${report.score.computed}${scoreBreakdown(report)}`,
    word: report.words.find((w) => w.main)?.word,
    written: claimed,
    computed: report.score.computed,
  });
  state.carriedTotals.slip(
    t.player,
    claimed - report.score.computed,
    report.issues[report.issues.length - 1],
  );
  if (report.status === 'ok') report.status = 'score-mismatch';
}

/**
 * The turn's written total beside the rules'. A total that only repeats an earlier slip is
 * not a finding of its own (rulings: totals); one that is says whose addition is off.
 */
export function checkTotal(state: ReplayState, t: ReplayTurn, added: number): void {
  const { report, index } = t;
  const p = t.player;
  const lost = state.lostSince[p];
  state.lostSince[p] = 0;
  const claimed = report.score.claimed;
  const claimedTotal = report.total.claimed;
  const { carriedTotals, totals } = state;
  const carriedBefore = carriedTotals.carriedBy(p);
  if (claimedTotal === null || !carriedTotals.total(p, claimedTotal, totals[p])) return;
  const previous = previousClaimedTotal(state.sheet.turns, index, p);
  let why = '';
  if (claimed !== null && previous !== null) {
    const minus = lost > 0 ? ` − ${lost} stolen` : '';
    if (previous + claimed - lost !== claimedTotal) {
      why = ` (the sheet's own addition is off too: ${previous} + ${claimed}${minus} = ${previous + claimed - lost})`;
    } else {
      const how =
        report.status === 'withdrawn'
          ? ': a withdrawn play scores 0'
          : report.challengeBonus
            ? ` (${report.score.computed} + ${report.challengeBonus} for the failed challenge)`
            : '';
      why = ` (the sheet's addition ${previous} + ${claimed}${minus} = ${claimedTotal} is right, but the rules add ${added} on this turn${how})`;
    }
  } else if (carriedBefore !== 0) {
    why = ` (the sheet's earlier figures account for ${carriedBefore > 0 ? '+' : ''}${carriedBefore} of the difference)`;
  }
  t.issue({
    code: 'TOTAL_MISMATCH',
    severity: 'error',
    message: `${t.playLabel}: the sheet's total is ${claimedTotal}, the rules give ${totals[p]}${why}`,
    written: claimedTotal,
    computed: totals[p],
  });
  carriedTotals.slip(p, 0, report.issues[report.issues.length - 1]);
  if (report.status === 'ok') report.status = 'score-mismatch';
}

/** The player's final score as the sheet wrote it beside the rules' (after the racks). */
export function checkFinal(
  state: ReplayState,
  player: number,
  figures: {
    final: number;
    rackPenalty: number;
    rackBonus: number;
    wentOut: boolean;
    timePenalty: number;
  },
): number | null {
  const claimedFinal = state.sheet.claimed?.final?.[player] ?? null;
  const { final, rackPenalty, rackBonus, wentOut, timePenalty } = figures;
  if (claimedFinal === null || claimedFinal === final) return claimedFinal;
  const name = state.who(player);
  const follows = state.carriedTotals.finalFollows(player, claimedFinal, final);
  state.gameIssues.push({
    code: 'FINAL_MISMATCH',
    severity: 'error',
    player,
    message: `End of game: the sheet gives ${name} ${claimedFinal}, the rules give ${final} (${state.totals[player]} from moves − ${rackPenalty} for the tiles left on the rack${rackBonus ? ` + ${rackBonus} from the others' racks${wentOut ? ' for going out' : ''}` : ''}${timePenalty ? ` − ${timePenalty} for going over time` : ''})${follows ? `; the difference follows from the ${follows.length === 1 ? 'slip' : 'slips'} on ${turnList(follows)}` : ''}`,
    written: claimedFinal,
    computed: final,
  });
  return claimedFinal;
}

/**
 * What the sheet scores a turn's play: its written score, or else what its written total adds
 * to the player's last one; null when the sheet does not say.
 */
export function writtenScore(turns: SheetTurn[], index: number): number | null {
  const turn = turns[index];
  if (turn.score !== undefined) return turn.score;
  const previous = previousClaimedTotal(turns, index, turn.player);
  return turn.total !== undefined && previous !== null ? turn.total - previous : null;
}

function previousClaimedTotal(turns: SheetTurn[], index: number, player: number): number | null {
  for (let i = index - 1; i >= 0; i--) {
    if (turns[i].player === player) return turns[i].total ?? null;
  }
  return 0;
}

function scoreBreakdown(report: TurnReport): string {
  if (report.words.length === 0) return '';
  const parts = report.words.map((w) => `${w.word} ${w.score}`);
  for (const b of report.bonuses)
    parts.push(`${b.kind === 'all-tiles' ? 'all tiles' : `long word ${b.word}`} +${b.points}`);
  return ` (${parts.join(', ')})`;
}
