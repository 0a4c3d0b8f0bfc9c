import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsPagesController } from './accounts-pages.controller';
import { AccountsService } from './accounts.service';
import { AuthToken } from './auth-token.entity';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { SignInPagesController } from './sign-in-pages.controller';
import { User } from './user.entity';
import { TournamentAccess } from './tournament-access';

/** Global: every context's pages ask which tournaments an account acts in. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([User, AuthToken])],
  controllers: [AuthController, SignInPagesController, AccountsPagesController],
  providers: [
    AuthService,
    AccountsService,
    TournamentAccess,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [AuthService, TournamentAccess],
})
export class AuthModule {}
