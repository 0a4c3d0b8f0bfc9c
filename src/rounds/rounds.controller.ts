import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { PublicUser } from '../auth/public-user';
import { Roles } from '../auth/roles.decorator';
import { CurrentUser } from '../auth/current-user';
import { ApiErrors } from '../common/api/docs';
import { IdParam } from '../common/api/id-param';
import { PairRoundDto, RemoveRoundQueryDto, RepairRoundDto, SwapDto } from './dto/round.dto';
import { RoundView } from './game.view';
import { RoundsService } from './rounds.service';

@ApiTags('rounds')
@Controller('api/divisions/:id/rounds')
export class RoundsController {
  constructor(private readonly rounds: RoundsService) {}

  @Roles('organiser')
  @Post()
  @ApiOperation({
    summary: 'Pair the next round',
    description:
      "With the tournament's pairing plan, or the system in the body (`manual` takes the tables " +
      'from the body). Refused (409) while earlier games have no result, except for a round robin, ' +
      'whose schedule does not depend on results. A bye is recorded as a won game worth the bye spread.',
  })
  @ApiCreatedResponse({ type: RoundView })
  @ApiErrors(400, 404, 409, 422)
  pair(
    @IdParam('id', 'division') id: number,
    @Body() dto: PairRoundDto,
    @CurrentUser() user: PublicUser | null,
  ): Promise<RoundView> {
    return this.rounds.pair(id, dto, user);
  }

  @Get()
  @ApiOperation({ summary: 'Every round of a division with its pairings and results' })
  @ApiOkResponse({ type: [RoundView] })
  @ApiErrors(400, 404)
  list(@IdParam('id', 'division') id: number): Promise<RoundView[]> {
    return this.rounds.list(id);
  }

  @Get(':number')
  @ApiOperation({ summary: 'One round with its pairings and results' })
  @ApiOkResponse({ type: RoundView })
  @ApiErrors(400, 404)
  get(
    @IdParam('id', 'division') id: number,
    @IdParam('number', 'round') number: number,
  ): Promise<RoundView> {
    return this.rounds.get(id, number);
  }

  @Roles('organiser')
  @Post(':number/swap')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Swap two players of a round without results',
    description:
      'At different tables they change places (a bye moves with its table); at one table they ' +
      'change who moves first. Rematches are allowed and noted.',
  })
  @ApiOkResponse({ type: RoundView })
  @ApiErrors(400, 404, 409, 422)
  swap(
    @IdParam('id', 'division') id: number,
    @IdParam('number', 'round') number: number,
    @Body() dto: SwapDto,
    @CurrentUser() user: PublicUser | null,
  ): Promise<RoundView> {
    return this.rounds.swap(id, number, dto, user);
  }

  @Roles('organiser')
  @Delete(':number')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Remove the last round',
    description:
      'A round whose games have results, score sheets or drafts is removed only with ' +
      '`?confirm=true`: without it the answer is 409 CONFIRMATION_NEEDED, whose `details` count ' +
      "the `games`, `results`, `sheets` and `drafts` that would go. The director's log entry " +
      '`round.deleted` keeps everything the round held: each table with its players, result, ' +
      'score sheet text, draft and history.',
  })
  @ApiNoContentResponse()
  @ApiErrors(400, 404, 409)
  unpair(
    @IdParam('id', 'division') id: number,
    @IdParam('number', 'round') number: number,
    @Query() query: RemoveRoundQueryDto,
    @CurrentUser() user: PublicUser | null,
  ): Promise<void> {
    return this.rounds.unpair(id, number, user, query.confirm === 'true');
  }

  @Roles('organiser')
  @Post(':number/re-pair')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Pair the last round again',
    description:
      'Removes the last round and pairs it again with the standings and plan as they are now ' +
      '(or the system in the body), in one transaction. A round with results, score sheets or ' +
      'drafts needs `"confirm": true` (else 409 CONFIRMATION_NEEDED with the figures); the ' +
      "director's log entry `round.repaired` keeps everything it held and the new tables.",
  })
  @ApiOkResponse({ type: RoundView })
  @ApiErrors(400, 404, 409, 422)
  repair(
    @IdParam('id', 'division') id: number,
    @IdParam('number', 'round') number: number,
    @Body() dto: RepairRoundDto,
    @CurrentUser() user: PublicUser | null,
  ): Promise<RoundView> {
    return this.rounds.repair(id, number, dto, user);
  }
}
