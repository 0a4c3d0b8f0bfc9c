import { IllegalPlay, LegalPlay } from './board';
import { Clocks } from './clock';
import { ReplayState, ReplayTurn } from './state';
import { Ownership } from './stealing';

/**
 * A challenged play ruled invalid: the tiles come off the board, the turn scores 0 and
 * counts, and the player gets the next time penalty of the schedule. What the play would have
 * scored is kept as `withdrawnScore`; the score the sheet writes for it, claimed before the
 * challenge, is not compared.
 */
export function withdrawPlay(
  state: ReplayState,
  t: ReplayTurn,
  play: LegalPlay | IllegalPlay | undefined,
  clocks: Clocks,
  stealing: Ownership | null,
): void {
  const { report } = t;
  const p = t.player;
  const challenge = t.turn.challenge!;
  report.status = 'withdrawn';
  const minutes = clocks.nextPenalty(p);
  if (minutes !== null) t.penalty = { player: p, minutes };
  report.withdrawnScore = play?.ok
    ? stealing
      ? stealing.assessFor(state, play, p).score
      : play.score
    : null;
  if (play && !play.ok) {
    for (const problem of play.problems) {
      t.issue({
        code: problem.code,
        severity: 'warning',
        message: `${t.label}: ${problem.message} (the play was withdrawn anyway)`,
        squares: problem.squares,
        word: problem.word,
      });
    }
  }
  const who = (q: number) => state.who(q);
  t.issue({
    code: 'CHALLENGE_UPHELD',
    severity: 'info',
    message: `${t.label}: ${who(challenge.by)} challenged ${t.turn.play} and the word was ruled invalid: the tiles come off the board, the turn scores 0 and counts${minutes !== null ? `, and ${who(p)} gets a ${minutes}-minute time penalty` : ''}`,
  });
}

/**
 * A challenge of a play ruled valid costs the challenger what the rule set says: a time
 * penalty, the next turn, or points to the player challenged.
 */
export function failedChallenge(state: ReplayState, t: ReplayTurn, clocks: Clocks): void {
  const challenge = t.turn.challenge!;
  const cost = state.rules.ruleSet.challenge.validCosts;
  const who = (q: number) => state.who(q);
  let consequence: string;
  if (cost === 'time') {
    const minutes = clocks.nextPenalty(challenge.by);
    if (minutes !== null) t.penalty = { player: challenge.by, minutes };
    consequence =
      minutes !== null
        ? `${who(challenge.by)} gets a ${minutes}-minute time penalty`
        : 'no penalty';
  } else if (cost === 'turn') {
    state.skipNext = challenge.by;
    consequence = `${who(challenge.by)} loses their next turn`;
  } else {
    t.report.challengeBonus = challenge.bonus ?? 0;
    consequence = `${who(t.player)} receives ${t.report.challengeBonus} points`;
  }
  t.issue({
    code: 'CHALLENGE_FAILED',
    severity: 'info',
    message: `${t.label}: ${who(challenge.by)} challenged ${t.turn.play} and the word was ruled valid: ${consequence}`,
  });
}
