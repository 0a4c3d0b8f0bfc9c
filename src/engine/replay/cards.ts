/**
 * The replay of a card game (Quivit): `verifyCardGame`, and the grid's notation and geometry
 * that pages and tests use (reading a grid, writing a card, a rotation, the cards it links).
 * The replay's state and its modules, one per rule, are in `cards/`.
 */
export type { Grid, GridCard } from './cards/grid';
export { formatCard, parseGrid } from './cards/grid';
export { linkedCards } from './cards/links';
export type { Turning } from './cards/rotation';
export { parseRotation, turnCard } from './cards/rotation';
export { verifyCardGame } from './cards/verify';
export type { CardReplayObserver } from './cards/verify';
