import type { RegistrationReads } from '../players/registration';
import { currentRatings } from '../ratings/current-ratings';
import { startingRatings } from '../ratings/starting-ratings';
import { pairedRounds } from '../rounds/paired-rounds';

/**
 * What registration asks of the rounds and the ratings, for a job's process (a players CSV
 * import), where no NestJS binds the players' ports: the same functions the application's
 * module binds them to.
 */
export const registrationReads: RegistrationReads = {
  rounds: { pairedRounds },
  ratings: { currentRatings, startingRatings },
};
