import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { PublicUser } from '../auth/public-user';
import { TournamentAccess } from '../auth/tournament-access';
import { Roles } from '../auth/roles.decorator';
import { CurrentUser } from '../auth/current-user';
import { ApiErrors, IfMatchRequired } from '../common/api/docs';
import { parseIfMatch } from '../common/api/if-match';
import { IdParam } from '../common/api/id-param';
import {
  AbsenceDto,
  CreatePlayerDto,
  RestorePlayerDto,
  SeedsDto,
  UpdatePlayerDto,
} from './dto/player.dto';
import { BadInput } from '../common/errors';
import { PlayersService } from './players.service';
import { PlayerView } from './player.view';

@ApiTags('players')
@Controller('api')
export class PlayersController {
  constructor(
    private readonly players: PlayersService,
    private readonly access: TournamentAccess,
  ) {}

  @Get('divisions/:id/players')
  @ApiOperation({ summary: "A division's players, by seed" })
  @ApiOkResponse({ type: [PlayerView] })
  @ApiErrors(400, 404)
  list(@IdParam('id', 'division') id: number): Promise<PlayerView[]> {
    return this.players.list(id);
  }

  @Roles('organiser')
  @Post('divisions/:id/players')
  @ApiOperation({
    summary: 'Register a player',
    description:
      'After round 1 is paired this is a late entry: the player joins at the next round, ' +
      'with no points for the rounds missed. A round robin under way takes no late entry.',
  })
  @ApiCreatedResponse({ type: PlayerView })
  @ApiErrors(400, 404, 409)
  register(
    @IdParam('id', 'division') id: number,
    @Body() dto: CreatePlayerDto,
    @CurrentUser() user: PublicUser | null,
  ): Promise<PlayerView> {
    return this.players.register(id, dto, user);
  }

  @Roles('organiser')
  @Put('divisions/:id/seeds')
  @ApiOperation({
    summary: 'Seed the division 1…n, in a given order or by rating',
    description:
      'By rating: highest first; equal ratings, then players without one, by name. Once round 1 ' +
      'is paired, seeds change only with `"confirm": true` (without it, 409 CONFIRMATION_NEEDED ' +
      'lists each seed that would move); never in a round robin under way, whose schedule the ' +
      "seeds fixed (409 SEEDS_FIXED). The director's log keeps the seeds before and after.",
  })
  @ApiOkResponse({ type: [PlayerView] })
  @ApiErrors(400, 404, 409, 422)
  reseed(
    @IdParam('id', 'division') id: number,
    @Body() dto: SeedsDto,
    @CurrentUser() user: PublicUser | null,
  ): Promise<PlayerView[]> {
    return this.players.reseed(id, dto, user);
  }

  @Get('players/:id')
  @ApiOperation({ summary: 'One player' })
  @ApiOkResponse({ type: PlayerView })
  @ApiErrors(400, 404)
  get(@IdParam('id', 'player') id: number): Promise<PlayerView> {
    return this.players.get(id);
  }

  @Roles('organiser')
  @Patch('players/:id')
  @IfMatchRequired('player', 'GET /api/players/{id}')
  @ApiOperation({ summary: "Edit a player's name, club, rating or (before round 1) seed" })
  @ApiOkResponse({ type: PlayerView })
  @ApiErrors(400, 404, 409)
  update(
    @IdParam('id', 'player') id: number,
    @Body() dto: UpdatePlayerDto,
    @Headers('if-match') ifMatch: string | undefined,
    @CurrentUser() user: PublicUser | null,
  ): Promise<PlayerView> {
    return this.players.update(id, dto, parseIfMatch(ifMatch), user);
  }

  @Roles('organiser')
  @Delete('players/:id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Remove a player who is paired in no round',
    description:
      'For a registration by mistake or a player who never came: anyone paired is withdrawn ' +
      "instead (409 PLAYER_HAS_GAMES). The director's log entry `player.removed` keeps the " +
      'details, and `POST /api/players/restore` brings the player back.',
  })
  @ApiNoContentResponse()
  @ApiErrors(400, 404, 409)
  remove(
    @IdParam('id', 'player') id: number,
    @CurrentUser() user: PublicUser | null,
  ): Promise<void> {
    return this.players.remove(id, user);
  }

  @Roles('organiser')
  @Post('players/restore')
  @ApiOperation({
    summary: "Undo a player's removal, from the director's log",
    description:
      'The player of a `player.removed` log entry is registered again with the same name, club ' +
      'and rating, and the same seed if it is free (else the next); after round 1 this is a late ' +
      'entry. Once per removal (409 ALREADY_RESTORED).',
  })
  @ApiCreatedResponse({ type: PlayerView })
  @ApiErrors(400, 404, 409)
  async restore(
    @Body() dto: RestorePlayerDto,
    @CurrentUser() user: PublicUser | null,
  ): Promise<PlayerView> {
    // The tournament is in the body: a director's role there is checked once it is read.
    await this.access.require(user!, dto.tournament, ['organiser']);
    return this.players.restore(dto.tournament, dto.logEntry, user);
  }

  @Roles('organiser')
  @Post('players/:id/withdraw')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Withdraw a player',
    description:
      'The player stays in the standings and is never paired again; games already paired stay.',
  })
  @ApiOkResponse({ type: PlayerView })
  @ApiErrors(400, 404)
  withdraw(
    @IdParam('id', 'player') id: number,
    @CurrentUser() user: PublicUser | null,
  ): Promise<PlayerView> {
    return this.players.withdraw(id, user);
  }

  @Roles('organiser')
  @Post('players/:id/reinstate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Reinstate a withdrawn player',
    description:
      'The player is paired again from the next round paired, with the points they had; the rounds missed count nothing.',
  })
  @ApiOkResponse({ type: PlayerView })
  @ApiErrors(400, 404)
  reinstate(
    @IdParam('id', 'player') id: number,
    @CurrentUser() user: PublicUser | null,
  ): Promise<PlayerView> {
    return this.players.reinstate(id, user);
  }

  @Roles('organiser')
  @Post('players/:id/absences')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Mark a player absent for one round not yet paired',
    description:
      'That round is paired without the player, who gets no bye and no points for it. A round already ' +
      'paired is a 409 (enter the game as a forfeit); so is a round robin, whose schedule is fixed.',
  })
  @ApiOkResponse({ type: PlayerView })
  @ApiErrors(400, 404, 409, 422)
  markAbsent(
    @IdParam('id', 'player') id: number,
    @Body() dto: AbsenceDto,
    @CurrentUser() user: PublicUser | null,
  ): Promise<PlayerView> {
    return this.players.markAbsent(id, dto, user);
  }

  @Roles('organiser')
  @Delete('players/:id/absences/:round')
  @ApiOperation({ summary: 'Take an absence back, before its round is paired' })
  @ApiOkResponse({ type: PlayerView })
  @ApiErrors(400, 404, 409)
  unmarkAbsent(
    @IdParam('id', 'player') id: number,
    @Param('round') round: string,
    @CurrentUser() user: PublicUser | null,
  ): Promise<PlayerView> {
    if (!/^\d{1,3}$/.test(round) || Number(round) < 1 || Number(round) > 100) {
      throw new BadInput('VALIDATION_FAILED', 'round must be a round number from 1 to 100', {
        field: 'round',
      });
    }
    return this.players.unmarkAbsent(id, Number(round), user);
  }
}
