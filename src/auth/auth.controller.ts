import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Unauthenticated } from '../common/errors';
import type { AuthedRequest } from './auth.guard';
import {
  AuthService,
  clientAddress,
  publicUser,
  SESSION_COOKIE,
  sessionCookie,
  sessionCookieOptions,
} from './auth.service';
import type { PublicUser } from './public-user';
import { cookieOf, DEVICE_COOKIE, deviceCookieOptions } from '../throttle/device-cookies';
import { CreateUserDto } from './dto/create-user.dto';
import { SignInDto } from './dto/sign-in.dto';
import { Public, Roles } from './roles.decorator';

@ApiTags('auth')
@Controller('api')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  /** Signs in: a session cookie for pages, and the token in the body for the API. */
  @Public()
  @Post('auth/sign-in')
  @HttpCode(200)
  async signIn(
    @Body() dto: SignInDto,
    @Req() req: AuthedRequest,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { token, user, expiresAt, deviceCookie } = await this.auth.signIn(
      dto.email,
      dto.password,
      dto.kind ?? 'session',
      { address: clientAddress(req), device: cookieOf(req, DEVICE_COOKIE) },
    );
    res.cookie(DEVICE_COOKIE, deviceCookie, deviceCookieOptions(req));
    if ((dto.kind ?? 'session') === 'session') {
      res.cookie(SESSION_COOKIE, token, sessionCookieOptions(req, expiresAt));
    }
    return { token, expiresAt, user: publicUser(user) };
  }

  @Public()
  @Post('auth/sign-out')
  @HttpCode(204)
  async signOut(
    @Req() req: AuthedRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : sessionCookie(req);
    if (token) await this.auth.signOut(token);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  @Get('auth/me')
  me(@Req() req: AuthedRequest): PublicUser {
    if (!req.user) throw new Unauthenticated();
    return publicUser(req.user);
  }

  @Roles('administrator')
  @Get('users')
  async list(): Promise<PublicUser[]> {
    return (await this.auth.listUsers()).map(publicUser);
  }

  @Roles('administrator')
  @Post('users')
  async create(@Body() dto: CreateUserDto): Promise<PublicUser> {
    return publicUser(await this.auth.createUser(dto));
  }
}
