import { Body, Controller, Get, Headers, Post, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import type { PublicUser } from '../auth/public-user';
import { Roles } from '../auth/roles.decorator';
import { CurrentUser } from '../auth/current-user';
import { ApiErrors } from '../common/api/docs';
import type { RequestWithRawBody } from '../common/body/body-reader';
import type { JobView } from '../jobs/job-view';
import { Job, Jobs } from '../jobs/jobs';
import { answerJob } from '../jobs/respond';
import { TournamentsService } from '../tournaments/tournaments.service';
import { IdParam } from '../common/api/id-param';
import { TournamentView } from '../tournaments/tournament.view';
import { ExchangeService, ImportedTournament } from './exchange.service';
import { DomainError, Unprocessable } from '../common/errors';
import { EXCHANGE_FORMAT, type DocumentError, TournamentDocument } from './format';

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
  constructor(
    private readonly exchange: ExchangeService,
    private readonly jobs: Jobs,
    private readonly tournaments: TournamentsService,
  ) {}

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
      'All or nothing: a document with any error is refused (422) with every error and its place. Read, checked and verified (every score sheet again, on both cores) and written in a process of its own, so the server keeps answering meanwhile.',
  })
  @ApiBody({ schema: DOCUMENT_SCHEMA })
  @ApiCreatedResponse({ type: TournamentView })
  @ApiErrors(400, 422)
  @ApiHeader({
    name: 'Prefer',
    required: false,
    description:
      "respond-async: answer 202 at once with the job (GET /api/jobs/:id follows it, its result the new tournament's id) instead of waiting",
  })
  async import(
    @Body() doc: unknown,
    @Req() req: RequestWithRawBody,
    @Headers('prefer') prefer: string | undefined,
    @CurrentUser() user: PublicUser | null,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TournamentView | JobView> {
    const job = await this.startImport(doc, req, user);
    const answer = await answerJob(this.jobs, job, prefer, res).catch((e: unknown) => {
      throw withoutReasons(e);
    });
    return 'kind' in answer ? answer : this.tournaments.get(answer.id);
  }

  /**
   * The import started with the bytes as sent: the job's process reads them (a structured copy
   * of the parsed document would cost this thread as much as parsing it). Not an async
   * function: the request waits for the job, and neither it nor a suspended frame keeps the
   * megabytes meanwhile; they die young, once the job's process has them.
   */
  private startImport(
    doc: unknown,
    req: RequestWithRawBody,
    user: PublicUser | null,
  ): Promise<Job<ImportedTournament>> {
    const raw = req.rawBody ?? JSON.stringify(doc);
    req.rawBody = undefined;
    return this.exchange.startImport(raw, user);
  }
}

/**
 * A refused import as the API has always said it: each problem's path and English message.
 * The reasons' codes are the import page's, which says them in its language.
 */
function withoutReasons(e: unknown): unknown {
  if (!(e instanceof DomainError) || e.code !== 'IMPORT_INVALID' || !Array.isArray(e.details))
    return e;
  const listed = e.details as DocumentError[];
  return new Unprocessable(
    'IMPORT_INVALID',
    e.message,
    listed.map(({ path, message }) => ({ path, message })),
  );
}
