import type { MessageKey } from './index';

/** The form's label of each division setting (a confirmation's changes, the log's entries). */
export const SETTING_LABELS: Readonly<Record<string, MessageKey>> = {
  rounds: 'org.rounds',
  pairingPlan: 'org.pairingSystem',
  tieBreaks: 'tiebreak.title',
  byeSpread: 'org.byeSpread',
  forfeitSpread: 'org.forfeitSpread',
  spreadCap: 'org.spreadCap',
  kothLastRounds: 'org.kothLastRounds',
  maxMeetings: 'org.maxMeetings',
  pairingLag: 'org.pairingLag',
  tableSize: 'org.tableSize',
  placePoints: 'org.placePointsTitle',
  avoidSameClub: 'org.avoidSameClub',
  gibsonize: 'org.gibsonize',
  ruleSet: 'org.ruleSet',
  options: 'org.clockMinutes',
};
