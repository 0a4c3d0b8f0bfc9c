import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/roles.decorator';
import { ApiErrors } from '../common/api/docs';
import { IdParam } from '../common/api/id-param';
import { DirectorLogService } from './director-log.service';
import { LogPageView, LogQueryDto } from './director-log.view';

@ApiTags('tournaments')
@Controller('api/tournaments')
export class DirectorLogController {
  constructor(private readonly log: DirectorLogService) {}

  @Roles('organiser')
  @Get(':id/log')
  @ApiOperation({
    summary: "The director's log: every action on the tournament, newest first",
    description:
      'Who (name and email), when, and what changed before and after; a page at a time ' +
      "(`before` = the previous page's `older`), for one division with `division`. " +
      'Organisers only: it names people with their emails.',
  })
  @ApiOkResponse({ type: LogPageView })
  @ApiErrors(400, 404)
  list(@IdParam('id', 'tournament') id: number, @Query() query: LogQueryDto): Promise<LogPageView> {
    return this.log.list(id, query);
  }
}
