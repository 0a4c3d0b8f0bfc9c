import { Body, Controller, Get, Headers, Post, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import type { PublicUser } from '../auth/public-user';
import { Roles } from '../auth/roles.decorator';
import { CurrentUser } from '../auth/current-user';
import { ApiErrors } from '../common/api/docs';
import { IdParam } from '../common/api/id-param';
import type { JobView } from '../jobs/job-view';
import { Jobs } from '../jobs/jobs';
import { answerJob } from '../jobs/respond';
import { DivisionView } from '../tournaments/tournament.view';
import { TournamentsService } from '../tournaments/tournaments.service';
import { TshImportDto } from './dto/tsh.dto';
import { TshService } from './tsh.service';

/** `attachment; filename="A.t"; filename*=UTF-8''…`: an ASCII name and the real one. */
export function tshDisposition(division: string): string {
  const name = `${division}.t`;
  const ascii = name.normalize('NFD').replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

@ApiTags('export and import')
@Controller('api')
export class TshController {
  constructor(
    private readonly tsh: TshService,
    private readonly jobs: Jobs,
    private readonly tournaments: TournamentsService,
  ) {}

  @Get('divisions/:id/tsh')
  @ApiOperation({
    summary: 'The division as a TSH `.t` file (for the rating agencies)',
    description:
      'Players by seed, names as `Last, First`, rating (0 when none), the rounds played through: opponents, own scores, `p12`. ' +
      'TSH decides every game by its scores: a division with a game decided otherwise (a time loss, a tie-break of equal scores) is refused (409 TSH_RESULT_NOT_BY_SCORE, naming the games).',
  })
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'the `.t` file, UTF-8', schema: { type: 'string' } })
  @ApiErrors(400, 404, 409)
  async export(@IdParam('id', 'division') id: number, @Res() res: Response): Promise<void> {
    const { name, text } = await this.tsh.export(id);
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Content-Disposition', tshDisposition(name));
    res.send(text);
  }

  @Roles('organiser')
  @Post('tournaments/:id/divisions/tsh')
  @ApiOperation({
    summary: 'A new division from a TSH `.t` file',
    description:
      'Players, ratings and seeds, rounds with their pairings and results, byes: all or nothing. A file with any problem is a 422 TSH_INVALID naming each line and field. Read and written in a process of its own, so the server keeps answering meanwhile.',
  })
  @ApiCreatedResponse({ type: DivisionView })
  @ApiErrors(400, 404, 409, 422)
  @ApiHeader({
    name: 'Prefer',
    required: false,
    description:
      "respond-async: answer 202 at once with the job (GET /api/jobs/:id follows it, its result the new division's id) instead of waiting",
  })
  async import(
    @IdParam('id', 'tournament') id: number,
    @Body() dto: TshImportDto,
    @Headers('prefer') prefer: string | undefined,
    @CurrentUser() user: PublicUser | null,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DivisionView | JobView> {
    const job = await this.tsh.startImport(id, dto, user);
    const answer = await answerJob(this.jobs, job, prefer, res);
    return 'kind' in answer ? answer : this.tournaments.division(answer.id);
  }
}
