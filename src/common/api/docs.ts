import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';

/** The body of every error response (see src/common/error.filter.ts). */
export class ErrorView {
  @ApiProperty({ example: 409 })
  statusCode: number;

  @ApiProperty({ example: 'ROUND_IN_PROGRESS', description: 'stable upper-case code' })
  code: string;

  @ApiProperty({ example: 'round 3 still has 2 games without a result (tables 4, 7)' })
  message: string;

  @ApiPropertyOptional({ description: 'machine-readable details, e.g. each validation error' })
  details?: unknown;
}

const WHY: Record<number, string> = {
  400: 'the input is malformed (validation errors name each field)',
  404: 'the thing asked for does not exist',
  409: 'the request clashes with the current state',
  422: 'well-formed but not acceptable (the message says why)',
  410: 'no longer good (a table code whose round is over)',
  429: 'too many attempts: Retry-After says when to try again',
};

/** Documents the error statuses a route can answer with, each with the error body. */
export const ApiErrors = (...statuses: (400 | 404 | 409 | 410 | 422 | 429)[]) =>
  applyDecorators(
    ...statuses.map((status) => ApiResponse({ status, description: WHY[status], type: ErrorView })),
  );

/**
 * Documents a change that must name the version it was based on: the `If-Match` header
 * (required), 428 without it and 409 STALE_VERSION with the thing as it is now.
 */
export const IfMatchRequired = (what: string, read: string) =>
  applyDecorators(
    ApiHeader({
      name: 'If-Match',
      required: true,
      description: `the version of the ${what} you read (${read}), e.g. If-Match: 3`,
    }),
    ApiResponse({
      status: 428,
      description: 'IF_MATCH_REQUIRED: the request did not say which version it was based on',
      type: ErrorView,
    }),
    ApiResponse({
      status: 409,
      description: `STALE_VERSION: the ${what} changed since that version; details.current is the ${what} now and details.changed each field sent with its value now`,
      type: ErrorView,
    }),
  );
