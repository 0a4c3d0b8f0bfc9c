import { Body, Controller, Get, Headers, Put } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/roles.decorator';
import { ApiErrors, IfMatchRequired } from '../common/api/docs';
import { parseIfMatch } from '../common/api/if-match';
import { IdParam } from '../common/api/id-param';
import { AWARD_KINDS } from './prize-table';
import { DivisionPrizes, PrizesService, PrizeTableView } from './prizes.service';

const PRIZE = {
  type: 'object',
  description: 'an amount (in `currency`) or a named prize, one of the two',
  properties: {
    amount: { type: 'number', nullable: true, example: 10000 },
    name: { type: 'string', nullable: true, example: 'Pehar' },
  },
};

const PRIZE_TABLE_SCHEMA = {
  type: 'object',
  properties: {
    currency: { type: 'string', example: 'RSD', description: 'needed when a prize is an amount' },
    onePrizePerPlayer: {
      type: 'boolean',
      default: true,
      description: 'class prizes skip players paid a place overall',
    },
    places: { type: 'array', items: PRIZE, description: 'first place first' },
    classes: {
      type: 'array',
      description: 'from the lowest up: players rated below `below` (unrated: the lowest class)',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', example: 'B' },
          below: { type: 'integer', example: 1600 },
          prizes: { type: 'array', items: PRIZE },
        },
      },
    },
    awards: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: [...AWARD_KINDS] },
          prize: { ...PRIZE, nullable: true, description: 'none (or null): for honour alone' },
        },
      },
    },
  },
};

@ApiTags('prizes')
@Controller('api')
export class PrizesController {
  constructor(private readonly prizes: PrizesService) {}

  @Get('tournaments/:id/prizes')
  @ApiOperation({ summary: "A tournament's prize table (version 0 while none is set)" })
  @ApiOkResponse({ schema: PRIZE_TABLE_SCHEMA })
  @ApiErrors(400, 404)
  get(@IdParam('id', 'tournament') id: number): Promise<PrizeTableView> {
    return this.prizes.get(id);
  }

  @Roles('organiser')
  @Put('tournaments/:id/prizes')
  @IfMatchRequired('prize table', 'GET /api/tournaments/{id}/prizes')
  @ApiOperation({
    summary: "Set a tournament's prize table, whole",
    description:
      'Places overall, class prizes by rating band and the awards given (highest game, highest play, most all-tile plays, best time in wins, fewest invalid words). 400 VALIDATION_FAILED names the first bad field (details.field).',
  })
  @ApiBody({ schema: PRIZE_TABLE_SCHEMA })
  @ApiOkResponse({ schema: PRIZE_TABLE_SCHEMA })
  @ApiErrors(400, 404, 409)
  put(
    @IdParam('id', 'tournament') id: number,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
  ): Promise<PrizeTableView> {
    return this.prizes.put(id, body, parseIfMatch(ifMatch));
  }

  @Get('divisions/:id/prizes')
  @ApiOperation({
    summary: "A division's prize list and the statistics of its verified score sheets",
    description:
      'The prize table applied to the standings after the last round paired and to the games whose score sheet verified (ok true): places and class places (a rank shared shares its places and their amounts), awards (ties share), and per player and in all: games verified, average score, highest game, highest play, all-tile plays, invalid words.',
  })
  @ApiOkResponse({ schema: { type: 'object', additionalProperties: true } })
  @ApiErrors(400, 404)
  division(@IdParam('id', 'division') id: number): Promise<DivisionPrizes> {
    return this.prizes.division(id);
  }
}
