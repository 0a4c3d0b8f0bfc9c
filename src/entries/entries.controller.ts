import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser } from '../auth/current-user';
import type { PublicUser } from '../auth/public-user';
import { Public, Roles } from '../auth/roles.decorator';
import { ApiErrors } from '../common/api/docs';
import { IdParam } from '../common/api/id-param';
import { DEFAULT_LANG } from '../i18n';
import { DeviceCookies } from '../throttle/device-cookies';
import { urls } from '../web/urls';
import { EnterDto } from './dto/enter.dto';
import { EntriesService, type EntryView } from './entries.service';
import { entryClientOf, EntryThrottle } from './entry-throttle';

@ApiTags('entries')
@Controller('api')
export class EntriesController {
  constructor(
    private readonly entries: EntriesService,
    private readonly devices: DeviceCookies,
    @Inject(EntryThrottle) private readonly throttle: EntryThrottle,
  ) {}

  @Roles('organiser')
  @Get('tournaments/:id/entries')
  @ApiOperation({ summary: "A tournament's entries, in the order sent, with their flags" })
  @ApiOkResponse({ description: 'the entries' })
  @ApiErrors(404)
  list(@IdParam('id', 'tournament') id: number): Promise<EntryView[]> {
    return this.entries.list(id);
  }

  @Public()
  @Post('tournaments/:id/entries')
  @ApiOperation({
    summary: 'Enter a tournament, without an account',
    description:
      'Refused (409) when entries are closed or the deadline passed; beyond the cap the entry waits (`status` waiting, `place`). The answer carries the private link of the entry (`link`), shown once: only its hash is kept; it is e-mailed too when mail is set up (`mailed`: sent or not; null without mail). Counted per client (its `arbiter_table` cookie): 429 with Retry-After past ENTRIES_PER_CLIENT (30) in ENTRIES_WINDOW_MINUTES (60).',
  })
  @ApiCreatedResponse({ description: 'the entry and its private link' })
  @ApiErrors(400, 404, 409, 429)
  async enter(
    @IdParam('id', 'tournament') id: number,
    @Body() dto: EnterDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ entry: EntryView; link: string; mailed: boolean | null }> {
    await this.throttle.count(entryClientOf(this.devices, req, res));
    const { entry, token } = await this.entries.enter(
      id,
      {
        divisionId: dto.divisionId,
        name: dto.name,
        club: dto.club?.trim() || null,
        federationId: dto.federationId ?? null,
        person: dto.person ?? null,
        email: dto.email,
      },
      DEFAULT_LANG,
    );
    // The link by mail too, when mail is set up (null: it is not); a failed mail loses nothing.
    const link = `${req.protocol}://${req.get('host') ?? 'localhost'}${urls.entry(token)}`;
    const mailed = this.entries.mailConfigured
      ? await this.entries.mailLink(
          entry,
          DEFAULT_LANG,
          await this.entries.tournamentName(id),
          link,
        )
      : null;
    return { entry, link: urls.entry(token), mailed };
  }

  @Roles('organiser')
  @Post('entries/:id/restore')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Undo the refusal of an entry',
    description:
      'The refused entry waits for a decision again, keeping its place in the order sent; in a full division it goes to the waiting list (`status` waiting, `place`), or, without one, stays refused (409 ENTRIES_FULL). 409 ENTRY_NOT_REFUSED for an entry that is not refused. Logged as `entry.restored`.',
  })
  @ApiOkResponse({ description: 'the entry as it now stands' })
  @ApiErrors(404, 409)
  restore(
    @IdParam('id', 'entry') id: number,
    @CurrentUser() user: PublicUser | null,
  ): Promise<EntryView> {
    return this.entries.restore(id, user);
  }
}
