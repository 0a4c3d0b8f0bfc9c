export * from './types';
export { computeStandings, outcomesOf, DEFAULT_TIE_BREAKS, UnknownPlayerError } from './standings';
