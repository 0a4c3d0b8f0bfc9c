/**
 * The replay of a card game (Quivit): `verifyCardGame`, and the grid's notation and geometry
 * that pages and tests use (reading a grid, writing a card, a rotation, the cards it links).
 */
export type { Grid, GridCard } from './grid';
export { formatCard, parseGrid } from './grid';
export { linkedCards } from './links';
export type { Turning } from './rotation';
export { parseRotation, turnCard } from './rotation';
export { verifyCardGame } from './verify';
