import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors } from '../common/api/docs';
import { IdParam } from '../common/api/id-param';
import { Unauthenticated } from '../common/errors';
import { AccountsService } from './accounts.service';
import { CurrentUser } from './current-user';
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
import { SetPasswordDto } from './dto/set-password.dto';
import { SignInDto } from './dto/sign-in.dto';
import { Public, Roles } from './roles.decorator';

@ApiTags('auth')
@Controller('api')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly accounts: AccountsService,
  ) {}

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

  @Roles('administrator')
  @Patch('users/:id')
  @ApiOperation({
    summary: "Set an account's new password (a forgotten one)",
    description:
      'The site administrator only. Every session and API token of the account ends: it signs ' +
      'in again with the new password (at least 10 characters).',
  })
  @ApiOkResponse({ description: 'the account' })
  @ApiErrors(400, 404)
  async setPassword(
    @IdParam('id', 'account') id: number,
    @Body() dto: SetPasswordDto,
  ): Promise<PublicUser> {
    return publicUser((await this.accounts.setPassword(id, dto.password)).user);
  }

  @Roles('administrator')
  @Delete('users/:id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Remove an account',
    description:
      'The site administrator only, and never their own account (409 OWN_ACCOUNT). Its sign-ins ' +
      "and its roles in tournaments go with it; the director's log keeps its name as written.",
  })
  @ApiNoContentResponse({ description: 'removed' })
  @ApiErrors(404, 409)
  async remove(
    @IdParam('id', 'account') id: number,
    @CurrentUser() user: PublicUser | null,
  ): Promise<void> {
    await this.accounts.remove(id, user!);
  }
}
