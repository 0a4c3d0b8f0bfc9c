import { Param, PipeTransform } from '@nestjs/common';
import { BadInput, NotFound } from '../errors';

/** Largest id a 32-bit integer column holds; anything above cannot exist. */
const MAX_ID = 2_147_483_647;

/**
 * Reads a numeric path id: `abc` or `1.5` is a 400 naming the parameter, a
 * number no row can have (0, 99999999999) a 404, so a bad id never reaches the
 * database as an out-of-range parameter. (The global ValidationPipe has already
 * turned the text into a number, NaN for `abc`.)
 */
export class ParseIdPipe implements PipeTransform<unknown, number> {
  constructor(private readonly what: string) {}

  transform(value: unknown): number {
    const id = typeof value === 'number' ? value : Number(String(value).trim() || NaN);
    if (!Number.isInteger(id)) {
      throw new BadInput(
        'BAD_ID',
        `${this.what} id must be a whole number, not '${String(value).slice(0, 40)}'`,
      );
    }
    if (id < 1 || id > MAX_ID) throw new NotFound(this.what, id);
    return id;
  }
}

/**
 * The row a path id names as the routes read it (the global ValidationPipe's `+value`, then
 * {@link ParseIdPipe}): `2`, `02`, `2.0`, `2e0` and ` 2` all name row 2. Null when it names
 * none (the route answers 400 or 404). The checks before a route ask of this row's tournament:
 * a spelling they read differently from the route would check one row and let another be read.
 */
export function pathId(raw: string): number | null {
  const id = Number(raw.trim() || NaN);
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
}

/** `@IdParam('id', 'game')`: a path id checked by {@link ParseIdPipe}. */
export const IdParam = (name: string, what: string): ParameterDecorator =>
  Param(name, new ParseIdPipe(what));
