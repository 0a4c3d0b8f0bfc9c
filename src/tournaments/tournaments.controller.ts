import { Body, Controller, Get, Headers, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PublicUser } from '../auth/public-user';
import { Roles } from '../auth/roles.decorator';
import { CurrentUser } from '../auth/current-user';
import { ApiErrors, IfMatchRequired } from '../common/api/docs';
import { parseIfMatch } from '../common/api/if-match';
import { IdParam } from '../common/api/id-param';
import {
  CopyTournamentDto,
  CreateTournamentDto,
  DivisionDto,
  UpdateDivisionDto,
  UpdateTournamentDto,
} from './dto/tournament.dto';
import { TournamentsService } from './tournaments.service';
import { DivisionView, RuleSetView, TournamentView } from './tournament.view';

@ApiTags('tournaments')
@Controller('api')
export class TournamentsController {
  constructor(private readonly tournaments: TournamentsService) {}

  @Get('rule-sets')
  @ApiOperation({ summary: 'Rule sets a tournament can use, with the options they take' })
  @ApiOkResponse({ type: [RuleSetView] })
  ruleSets(): RuleSetView[] {
    return this.tournaments.ruleSets();
  }

  @Roles('organiser')
  @Post('tournaments')
  @ApiOperation({ summary: 'Create a tournament with its divisions' })
  @ApiCreatedResponse({ type: TournamentView })
  @ApiErrors(400)
  create(
    @Body() dto: CreateTournamentDto,
    @CurrentUser() user: PublicUser | null,
  ): Promise<TournamentView> {
    return this.tournaments.create(dto, user);
  }

  @Get('tournaments')
  @ApiOperation({ summary: 'Every tournament' })
  @ApiOkResponse({ type: [TournamentView] })
  list(): Promise<TournamentView[]> {
    return this.tournaments.list();
  }

  @Get('tournaments/:id')
  @ApiOperation({ summary: 'One tournament and its divisions' })
  @ApiOkResponse({ type: TournamentView })
  @ApiErrors(400, 404)
  get(@IdParam('id', 'tournament') id: number): Promise<TournamentView> {
    return this.tournaments.get(id);
  }

  @Roles('organiser')
  @Patch('tournaments/:id')
  @IfMatchRequired('tournament', 'GET /api/tournaments/{id}')
  @ApiOperation({
    summary: 'Change a tournament',
    description: 'Rule set, options and bye spread are fixed once a round has been paired.',
  })
  @ApiOkResponse({ type: TournamentView })
  @ApiErrors(400, 404, 409)
  update(
    @IdParam('id', 'tournament') id: number,
    @Body() dto: UpdateTournamentDto,
    @Headers('if-match') ifMatch: string | undefined,
    @CurrentUser() user: PublicUser | null,
  ): Promise<TournamentView> {
    return this.tournaments.update(id, dto, parseIfMatch(ifMatch), user);
  }

  @Roles('organiser')
  @Post('tournaments/:id/copy')
  @ApiOperation({
    summary: "A new tournament with this one's divisions, settings and word list",
    description:
      'Players too with "players": true (active from round 1); nothing of the games. The name, place and days are the new tournament\'s own.',
  })
  @ApiCreatedResponse({ type: TournamentView })
  @ApiErrors(400, 404)
  copy(
    @IdParam('id', 'tournament') id: number,
    @Body() dto: CopyTournamentDto,
    @CurrentUser() user: PublicUser | null,
  ): Promise<TournamentView> {
    return this.tournaments.copy(id, dto, user);
  }

  @Get('tournaments/:id/divisions')
  @ApiOperation({ summary: "A tournament's divisions" })
  @ApiOkResponse({ type: [DivisionView] })
  @ApiErrors(400, 404)
  divisions(@IdParam('id', 'tournament') id: number): Promise<DivisionView[]> {
    return this.tournaments.divisions(id);
  }

  @Roles('organiser')
  @Post('tournaments/:id/divisions')
  @ApiOperation({
    summary: 'Add a division',
    description:
      "Settings not sent are the tournament's; a division of another rule set than the tournament's takes that rule set's own options (none) and tie-breaks. 409 TOURNAMENT_CLOSED once the tournament is closed.",
  })
  @ApiCreatedResponse({ type: DivisionView })
  @ApiErrors(400, 404, 409)
  addDivision(
    @IdParam('id', 'tournament') id: number,
    @Body() dto: DivisionDto,
    @CurrentUser() user: PublicUser | null,
  ): Promise<DivisionView> {
    return this.tournaments.addDivision(id, dto, user);
  }

  @Get('divisions/:id')
  @ApiOperation({ summary: 'One division' })
  @ApiOkResponse({ type: DivisionView })
  @ApiErrors(400, 404)
  division(@IdParam('id', 'division') id: number): Promise<DivisionView> {
    return this.tournaments.division(id);
  }

  @Roles('organiser')
  @Patch('divisions/:id')
  @IfMatchRequired('division', 'GET /api/divisions/{id}')
  @ApiOperation({
    summary: 'Rename a division or change its settings',
    description:
      'Rule set, options and bye spread are fixed once a round has been paired; rounds, pairing plan and tie-breaks of a division with paired rounds change only with "confirm": true.',
  })
  @ApiOkResponse({ type: DivisionView })
  @ApiErrors(400, 404, 409)
  updateDivision(
    @IdParam('id', 'division') id: number,
    @Body() dto: UpdateDivisionDto,
    @Headers('if-match') ifMatch: string | undefined,
    @CurrentUser() user: PublicUser | null,
  ): Promise<DivisionView> {
    return this.tournaments.updateDivision(id, dto, parseIfMatch(ifMatch), user);
  }
}
