import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PublicUser } from '../auth/public-user';
import { Roles } from '../auth/roles.decorator';
import { CurrentUser } from '../auth/current-user';
import { ApiErrors } from '../common/api/docs';
import { BadInput, NotFound } from '../common/errors';
import { jobView } from './job-view';
import type { JobView } from './job-view';
import { Jobs } from './jobs';

/** A job's id as Jobs makes it: 9 random bytes in base64url. */
const JOB_ID = /^[A-Za-z0-9_-]{12}$/;

@ApiTags('jobs')
@Controller('api/jobs')
export class JobsController {
  constructor(private readonly jobs: Jobs) {}

  @Roles('organiser')
  @Get(':id')
  @ApiOperation({
    summary: 'A long job (an import, a recompute): its progress, then its result or its error',
    description:
      "Started by a request sent with `Prefer: respond-async` (answered 202 with this view and a Location). `state` is running, done, refused (the request's 4xx in `error`, nothing stored) or failed (500). Kept for an hour after it ends; any server on the database answers it. A job whose server stopped before its end is `failed` (code JOB_LOST), nothing of it stored.",
  })
  @ApiErrors(400, 404)
  async get(@Param('id') id: string, @CurrentUser() user: PublicUser | null): Promise<JobView> {
    if (!JOB_ID.test(id)) {
      throw new BadInput(
        'BAD_ID',
        `job id must be the 12 letters, digits, '-' or '_' a job was given, not '${id.slice(0, 40)}'`,
      );
    }
    const job = await this.jobs.get(id);
    if (!job || (job.ownerId !== null && job.ownerId !== user?.id)) {
      throw new NotFound('job', id.slice(0, 40));
    }
    return jobView(job);
  }
}
