import { applyDecorators } from '@nestjs/common';
import { IsString, Matches, MaxLength, MinLength } from 'class-validator';

export { PRINTABLE } from '../printable';
import { PRINTABLE } from '../printable';

/** A name or a label: text of `min`–`max` characters, all of them {@link PRINTABLE}. */
export function IsName(max: number, min = 1): PropertyDecorator {
  return applyDecorators(
    IsString(),
    MinLength(min),
    MaxLength(max),
    Matches(PRINTABLE, {
      message: ({ property }) =>
        `${property} must not contain control, invisible or direction-changing characters`,
    }),
  );
}
