export { planTables } from './sizes';
export type { TablePlan } from './sizes';
export { groupRoundRobin, roundRobinSizes } from './schedules';
export type { ScheduledRound } from './schedules';
export { seatRound } from './seat';
export type { GroupSystem, SeatedTable, SeatingOutcome, SeatingRequest, TableRecord } from './seat';
