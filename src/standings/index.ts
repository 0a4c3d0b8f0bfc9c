export * from './types';
export { computeStandings, outcomesOf, DEFAULT_TIE_BREAKS, UnknownPlayerError } from './standings';
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
