import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { AuthedRequest } from './auth.guard';
import type { PublicUser } from './public-user';

/** The signed-in user the guard found, or null. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): PublicUser | null =>
    context.switchToHttp().getRequest<AuthedRequest>().user ?? null,
);
