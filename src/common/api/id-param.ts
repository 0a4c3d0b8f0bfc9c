import { Param, PipeTransform } from '@nestjs/common';
import { BadInput, NotFound } from '../errors';
import { MAX_ID } from './path-id';

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

/** `@IdParam('id', 'game')`: a path id checked by {@link ParseIdPipe}. */
export const IdParam = (name: string, what: string): ParameterDecorator =>
  Param(name, new ParseIdPipe(what));
