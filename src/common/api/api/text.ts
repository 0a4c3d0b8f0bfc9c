import { applyDecorators } from '@nestjs/common';
import { IsString, Matches, MaxLength, MinLength } from 'class-validator';

/** No control characters: a NUL would be refused by PostgreSQL deep in a write. */
// eslint-disable-next-line no-control-regex
export const PRINTABLE = /^[^\u0000-\u001f\u007f]*$/;

/** A name or a label: text of `min`–`max` characters without control characters. */
export function IsName(max: number, min = 1): PropertyDecorator {
  return applyDecorators(
    IsString(),
    MinLength(min),
    MaxLength(max),
    Matches(PRINTABLE, {
      message: ({ property }) => `${property} must not contain control characters`,
    }),
  );
}
