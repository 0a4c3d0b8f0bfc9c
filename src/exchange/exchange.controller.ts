import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { User } from '../auth/user.entity';
import { Roles } from '../auth/roles.decorator';
import { CurrentUser } from '../common/api/current-user';
import { ApiErrors } from '../common/api/docs';
import { IdParam } from '../common/api/id-param';
import { TournamentView } from '../tournaments/tournament.view';
import { ExchangeService } from './exchange.service';
import { EXCHANGE_FORMAT, TournamentDocument } from './format';

const DOCUMENT_SCHEMA = {
  type: 'object',
  description:
    `a whole tournament (\`${EXCHANGE_FORMAT}\`): tournament settings, then each division's ` +
    "players (by ref), rounds, games, score sheets (text and report) and result history, then the director's log; see docs/tournaments.md",
  required: ['format', 'tournament', 'divisions'],
  properties: {
    format: { type: 'string', enum: [EXCHANGE_FORMAT] },
    exportedAt: { type: 'string', format: 'date-time' },
    tournament: { type: 'object', additionalProperties: true },
    divisions: { type: 'array', items: { type: 'object', additionalProperties: true } },
    log: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
};

@ApiTags('export and import')
@Controller('api/tournaments')
export class ExchangeController {
  constructor(private readonly exchange: ExchangeService) {}

  @Roles('organiser')
  @Get(':id/export')
  @ApiOperation({
    summary: 'The whole tournament as one JSON document',
    description: 'Organisers only: the result history names the judges, with their emails.',
  })
  @ApiOkResponse({ schema: DOCUMENT_SCHEMA })
  @ApiErrors(400, 404)
  export(@IdParam('id', 'tournament') id: number): Promise<TournamentDocument> {
    return this.exchange.export(id);
  }

  @Roles('organiser')
  @Post('import')
  @ApiOperation({
    summary: 'Create a new tournament from an exported document',
    description:
      'All or nothing: a document with any error is refused (422) with every error and its place.',
  })
  @ApiBody({ schema: DOCUMENT_SCHEMA })
  @ApiCreatedResponse({ type: TournamentView })
  @ApiErrors(400, 422)
  import(@Body() doc: unknown, @CurrentUser() user: User | null): Promise<TournamentView> {
    return this.exchange.import(doc, user);
  }
}
