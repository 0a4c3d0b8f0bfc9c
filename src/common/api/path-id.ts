/** Largest id a 32-bit integer column holds; anything above cannot exist. */
export const MAX_ID = 2_147_483_647;

/**
 * The row a path id names as the routes read it (the global ValidationPipe's `+value`, then
 * `ParseIdPipe`): `2`, `02`, `2.0`, `2e0` and ` 2` all name row 2. Null when it names
 * none (the route answers 400 or 404). The checks before a route ask of this row's tournament:
 * a spelling they read differently from the route would check one row and let another be read.
 */
export function pathId(raw: string): number | null {
  const id = Number(raw.trim() || NaN);
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
}
