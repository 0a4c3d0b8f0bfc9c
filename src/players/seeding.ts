import { nameOrder } from '../i18n/names';

/** What seeding by rating needs of a player. */
export interface Seedable {
  id: number;
  name: string;
  rating: number | null;
  seed: number;
}

const byName = nameOrder('sr-Latn');

/**
 * Players in the order seeding by rating gives them: the highest rating first; equal ratings,
 * then players without a rating, in the order of their names (Serbian alphabetical order,
 * case aside); the same name twice (which a division never holds) by registration.
 */
export function ratingOrder<P extends Seedable>(players: readonly P[]): P[] {
  return [...players].sort(
    (a, b) =>
      (a.rating === null ? 1 : 0) - (b.rating === null ? 1 : 0) ||
      (b.rating ?? 0) - (a.rating ?? 0) ||
      byName(a.name, b.name) ||
      a.id - b.id,
  );
}

/** One seed that moves: the player's name, the seed before and after. */
export interface SeedMove {
  playerId: number;
  name: string;
  before: number;
  after: number;
}

/** The seeds that move when `order` is seeded 1…n, in the order of the new seeds. */
export function seedMoves(order: readonly Seedable[]): SeedMove[] {
  return order
    .map((p, i) => ({ playerId: p.id, name: p.name, before: p.seed, after: i + 1 }))
    .filter((m) => m.before !== m.after);
}
