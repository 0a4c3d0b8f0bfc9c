import { Body, Controller, Delete, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthedRequest } from '../auth/auth.guard';
import { CurrentUser } from '../auth/current-user';
import type { PublicUser } from '../auth/public-user';
import { Roles } from '../auth/roles.decorator';
import { ApiErrors } from '../common/api/docs';
import { IdParam } from '../common/api/id-param';
import { DEFAULT_LANG } from '../i18n';
import { InviteDto } from './dto/role.dto';
import { InvitationsService, type InvitationView } from './invitations.service';
import { invitationLink } from './invitation-link';

/** An invitation as the API gives it. */
export interface InvitationJson {
  id: number;
  email: string;
  name: string;
  role: 'co-director' | 'judge';
  lang: string;
  expiresAt: string;
}

const json = (i: InvitationView): InvitationJson => ({
  id: i.id,
  email: i.email,
  name: i.name,
  role: i.role,
  lang: i.lang,
  expiresAt: i.expiresAt.toISOString(),
});

@ApiTags('access')
@Controller('api')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Roles('organiser')
  @Post('tournaments/:id/invitations')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Invite someone to a role in the tournament, by e-mail',
    description:
      "The answer's `link` (absolute, one-time, valid INVITATION_DAYS, 7 by default) is shown " +
      'this once: only its hash is stored. `mailed`: true when it was e-mailed, false when the ' +
      'mail could not be sent, null when no mail is set up (SMTP_URL). A co-director invites ' +
      'judges; the owner co-directors too (403 OWNER_ONLY). An account that holds the role (or a higher one) is a 409 ROLE_HELD.',
  })
  @ApiCreatedResponse({ description: '{ invitation, link, mailed }' })
  @ApiErrors(400, 404, 409)
  async invite(
    @IdParam('id', 'tournament') id: number,
    @Body() dto: InviteDto,
    @CurrentUser() user: PublicUser | null,
    @Req() req: AuthedRequest,
  ): Promise<{ invitation: InvitationJson; link: string; mailed: boolean | null }> {
    const { invitation, token } = await this.invitations.invite(
      id,
      { email: dto.email, name: dto.name, role: dto.role, lang: dto.lang ?? DEFAULT_LANG },
      user!,
    );
    const link = invitationLink(req, token);
    return {
      invitation: json(invitation),
      link,
      mailed: await this.invitations.mail(invitation, link),
    };
  }

  @Roles('organiser')
  @Get('tournaments/:id/invitations')
  @ApiOperation({ summary: "The tournament's invitations still open (not accepted, not expired)" })
  @ApiOkResponse({ description: 'the invitations, the newest first' })
  @ApiErrors(404)
  async list(@IdParam('id', 'tournament') id: number): Promise<InvitationJson[]> {
    return (await this.invitations.pending(id)).map(json);
  }

  @Roles('organiser')
  @Delete('tournaments/:id/invitations/:invitation')
  @HttpCode(204)
  @ApiOperation({ summary: 'Withdraw an open invitation: its link no longer works' })
  @ApiErrors(404)
  async withdraw(
    @IdParam('id', 'tournament') id: number,
    @IdParam('invitation', 'invitation') invitationId: number,
    @CurrentUser() user: PublicUser | null,
  ): Promise<void> {
    await this.invitations.withdraw(id, invitationId, user!);
  }
}
