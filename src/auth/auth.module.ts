import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthToken } from './auth-token.entity';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { SignInPagesController } from './sign-in-pages.controller';
import { User } from './user.entity';

@Module({
  imports: [TypeOrmModule.forFeature([User, AuthToken])],
  controllers: [AuthController, SignInPagesController],
  providers: [AuthService, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [AuthService],
})
export class AuthModule {}
