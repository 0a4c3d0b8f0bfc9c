import { attachPersons } from '../players/attach-persons';
import { recomputeRatings } from '../ratings/recompute';
import { gameCounts } from '../rounds/game-counts';
import type { ClosingSteps } from '../tournaments/closing-steps';

/**
 * What closing a tournament does to what the contexts above the tournaments own
 * (src/tournaments/closing-steps.ts): the rounds count the games, the players get persons of the
 * registry, the ratings are computed again. Passed to the closing tasks in a job's process
 * (job-process.ts) and bound for the server's preview (src/app.module.ts).
 */
export const closingSteps: ClosingSteps = { gameCounts, attachPersons, recomputeRatings };
