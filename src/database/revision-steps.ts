/**
 * What each step of a division's revision changed, as far as this process heard of the steps
 * one by one: so that a page of a round made before writes that changed only later rounds'
 * results is known to hold. Pure: {@link Revisions} feeds it.
 */

/**
 * A division's revision as a write left it: one step of it (every touch moves a division's
 * revision by one), and, when all the step changed was the results of games of one round,
 * that round (`resultsOf`). Pages of the rounds before it (standings after round N, the
 * pairings of round N) show nothing the step changed.
 */
export interface Moved {
  division: number;
  revision: number;
  resultsOf?: number;
}

/**
 * `division:revision[:round],…` of a notification; pairs that are not whole numbers are left
 * out. A step without a round changed anything (as a server before rounds were said notes it).
 */
export function parseMoved(payload: string): Moved[] {
  const out: Moved[] = [];
  for (const pair of payload.split(',')) {
    const m = /^(\d{1,15}):(\d{1,15})(?::([1-9]\d{0,5}))?$/.exec(pair);
    if (m) {
      out.push({
        division: Number(m[1]),
        revision: Number(m[2]),
        ...(m[3] ? { resultsOf: Number(m[3]) } : {}),
      });
    }
  }
  return out;
}

/**
 * The steps of a division's revision known one by one since `from`: for each, the round whose
 * results alone it changed, or 0 when it may have changed anything.
 */
interface Steps {
  from: number;
  rounds: number[];
}

/** Steps kept for each division: older ones are forgotten (a page kept from then is made again). */
const STEPS_KEPT = 256;

/** The steps heard of, per division. */
export class RevisionSteps {
  private readonly steps = new Map<number, Steps>();

  /**
   * The division's revision moved from `was` (undefined: not known before) to `revision`;
   * `resultsOf` is what that one step changed (0: anything), undefined when the move was not
   * heard of step by step (a read from the database), which makes nothing before it known.
   */
  step(division: number, was: number | undefined, revision: number, resultsOf?: number): void {
    const steps = this.steps.get(division);
    if (resultsOf !== undefined && steps && was === revision - 1) {
      steps.rounds.push(resultsOf);
      if (steps.rounds.length > STEPS_KEPT) {
        const forgotten = steps.rounds.length - STEPS_KEPT;
        steps.rounds.splice(0, forgotten);
        steps.from += forgotten;
      }
    } else {
      this.steps.set(division, { from: revision, rounds: [] });
    }
  }

  /** Forgets every step (the revisions known are read again). */
  forget(): void {
    this.steps.clear();
  }

  /**
   * The first round whose results changed between revision `since` of the division and `now`,
   * when every step between is known and changed results only: `Infinity` when nothing
   * changed, `0` when something else may have, or a step is not known.
   */
  resultsChangedSince(division: number, since: number, now: number | undefined): number {
    if (now === since) return Infinity;
    const steps = this.steps.get(division);
    if (now === undefined || !steps || since < steps.from || since > now) return 0;
    let first = Infinity;
    for (let i = since - steps.from; i < steps.rounds.length; i++) {
      first = Math.min(first, steps.rounds[i]);
    }
    return first;
  }
}
