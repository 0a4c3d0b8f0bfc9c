import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { AuthedRequest } from './auth.guard';
import type { User } from './user.entity';

/** The signed-in user the guard found, or null. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): User | null =>
    context.switchToHttp().getRequest<AuthedRequest>().user ?? null,
);
