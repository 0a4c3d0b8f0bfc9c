import { Body, Controller, Get, Headers, HttpCode, Post, Query, Res } from '@nestjs/common';
import {
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Roles } from '../auth/roles.decorator';
import type { PublicUser } from '../auth/public-user';
import { CurrentUser } from '../auth/current-user';
import type { JobView } from '../jobs/job-view';
import { Jobs } from '../jobs/jobs';
import { answerJob } from '../jobs/respond';
import { ApiErrors } from '../common/api/docs';
import { IdParam } from '../common/api/id-param';
import { BadInput } from '../common/errors';
import { RatingListDto } from './dto/rating-list.dto';
import { FAMILIES } from '../registry/families';
import { RatingListView, RatingReportView } from './rating.view';
import { ImportedList, RatingsService, Recomputed } from './ratings.service';

const familyParam = (family: unknown): string | undefined => {
  if (family === undefined) return undefined;
  if (typeof family !== 'string' || !FAMILIES.includes(family)) {
    throw new BadInput('VALIDATION_FAILED', `family must be one of ${FAMILIES.join(', ')}`, {
      field: 'family',
    });
  }
  return family;
};

@ApiTags('ratings')
@Controller('api')
export class RatingsController {
  constructor(
    private readonly ratings: RatingsService,
    private readonly jobs: Jobs,
  ) {}

  @Get('tournaments/:id/ratings')
  @ApiOperation({
    summary: "A tournament's rating report",
    description:
      'Per game family, each person: old rating, rated games, score, expected, performance, K, change, new rating. Empty until the tournament is closed.',
  })
  @ApiOkResponse({ type: RatingReportView })
  @ApiErrors(400, 404)
  report(@IdParam('id', 'tournament') id: number): Promise<RatingReportView> {
    return this.ratings.report(id);
  }

  @Get('ratings')
  @ApiOperation({ summary: "A game family's rating list, highest first (default: Kvizovka)" })
  @ApiQuery({ name: 'family', enum: FAMILIES, required: false })
  @ApiOkResponse({ type: [RatingListView] })
  @ApiErrors(400)
  list(@Query('family') family: unknown): Promise<RatingListView[]> {
    return this.ratings.list(familyParam(family) ?? FAMILIES[0]);
  }

  @Get('ratings.csv')
  @ApiOperation({ summary: 'The rating lists as CSV (every family, or one)' })
  @ApiQuery({ name: 'family', enum: FAMILIES, required: false })
  @ApiProduces('text/csv')
  @ApiErrors(400)
  async csv(@Query('family') family: unknown, @Res() res: Response): Promise<void> {
    const text = await this.ratings.csv(familyParam(family));
    res
      .status(200)
      .type('text/csv; charset=utf-8')
      .setHeader('Content-Disposition', 'attachment; filename="ratings.csv"');
    res.send(text);
  }

  @Roles('organiser')
  @Post('ratings/import')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Import a rating list (CSV)',
    description:
      "Each line's person is found by federation id, then by exact name (else added to the registry); its rating is where the person starts in the family, before every closed tournament. Then every rating is computed again. All or nothing: 422 RATING_LIST_INVALID names each bad line and column. Runs in a process of its own, so the server keeps answering; the request waits for it, unless sent with `Prefer: respond-async` (then 202 with the job, followed at GET /api/jobs/:id).",
  })
  @ApiErrors(400, 409, 422)
  @ApiHeader({
    name: 'Prefer',
    required: false,
    description:
      'respond-async: answer 202 at once with the job (GET /api/jobs/:id follows it) instead of waiting',
  })
  async import(
    @Body() dto: RatingListDto,
    @Headers('prefer') prefer: string | undefined,
    @CurrentUser() user: PublicUser | null,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ImportedList | JobView> {
    const job = await this.ratings.startImport(dto.csv, user?.id ?? null);
    return answerJob(this.jobs, job, prefer, res);
  }

  @Roles('organiser')
  @Post('ratings/recompute')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Compute every rating again from scratch',
    description:
      'From the imported list and the closed tournaments in date order; the same data always gives the same numbers. Runs in a process of its own; `Prefer: respond-async` answers 202 with the job.',
  })
  async recompute(
    @Headers('prefer') prefer: string | undefined,
    @CurrentUser() user: PublicUser | null,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Recomputed | JobView> {
    const job = await this.ratings.startRecompute(user?.id ?? null);
    return answerJob(this.jobs, job, prefer, res);
  }
}
