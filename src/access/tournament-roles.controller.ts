import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user';
import type { PublicUser } from '../auth/public-user';
import { Roles } from '../auth/roles.decorator';
import type { TournamentMember } from '../auth/tournament-roles';
import { ApiErrors } from '../common/api/docs';
import { IdParam } from '../common/api/id-param';
import { GrantRoleDto } from './dto/role.dto';
import { TournamentRolesService } from './tournament-roles.service';

@ApiTags('access')
@Controller('api')
export class TournamentRolesController {
  constructor(private readonly roles: TournamentRolesService) {}

  @Roles('organiser')
  @Get('tournaments/:id/roles')
  @ApiOperation({ summary: 'Who holds a role in a tournament: its owner, co-directors and judges' })
  @ApiOkResponse({ description: 'the accounts with their roles' })
  @ApiErrors(404)
  list(@IdParam('id', 'tournament') id: number): Promise<TournamentMember[]> {
    return this.roles.members(id);
  }

  @Roles('organiser')
  @Post('tournaments/:id/roles')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Give an account that exists a role in the tournament, by its e-mail',
    description:
      "A co-director gives judges' roles; the owner co-directors' too. An e-mail of no account " +
      'is a 404 NO_ACCOUNT: invite that person instead. The owner keeps their role (409 OWNER_STAYS).',
  })
  @ApiOkResponse({ description: 'the accounts with their roles, after the change' })
  @ApiErrors(400, 404, 409)
  grant(
    @IdParam('id', 'tournament') id: number,
    @Body() dto: GrantRoleDto,
    @CurrentUser() user: PublicUser | null,
  ): Promise<TournamentMember[]> {
    return this.roles.grant(id, dto.email, dto.role, user!);
  }

  @Roles('organiser')
  @Delete('tournaments/:id/roles/:user')
  @ApiOperation({ summary: "Take an account's role in the tournament away" })
  @ApiOkResponse({ description: 'the accounts with their roles, after the change' })
  @ApiErrors(400, 404, 409)
  remove(
    @IdParam('id', 'tournament') id: number,
    @IdParam('user', 'account') userId: number,
    @CurrentUser() user: PublicUser | null,
  ): Promise<TournamentMember[]> {
    return this.roles.remove(id, userId, user!);
  }
}
