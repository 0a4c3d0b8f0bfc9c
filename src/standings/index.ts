export * from './types';
export {
  computeStandings,
  outcomesOf,
  rankTally,
  tallyFits,
  tallyGames,
  DEFAULT_TIE_BREAKS,
  UnknownPlayerError,
} from './standings';
export type { StandingsTally } from './standings';
export { buildScorecards, buildWallChart, outcomeOf } from './scorecard';
export type {
  Scorecard,
  ScorecardKind,
  ScorecardLine,
  ScorecardOptions,
  ScorecardPlayer,
  WallChartCell,
  WallChartRow,
} from './scorecard';
