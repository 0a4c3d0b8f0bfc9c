import { applyDecorators } from '@nestjs/common';
import { IsString, Matches, ValidationOptions } from 'class-validator';

/** A clock reading: `mm:ss`, minutes 0–999, optionally negative (`-01:30`) for a clock past zero. */
export const CLOCK_PATTERN = /^-?\d{1,3}:[0-5]\d$/;

/**
 * A clock reading `mm:ss` (what a chess clock shows, less penalties), e.g.
 * `03:24`; `each` for a list of readings.
 */
export function IsClock(options: Pick<ValidationOptions, 'each'> = {}): PropertyDecorator {
  return applyDecorators(
    IsString(options),
    Matches(CLOCK_PATTERN, {
      ...options,
      message: ({ property }) =>
        `${property} must be ${options.each ? 'clock readings' : 'a clock reading'} mm:ss (e.g. 03:24, or -00:30 past zero)`,
    }),
  );
}
