import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors } from '../common/api/docs';
import { IdParam } from '../common/api/id-param';
import { StandingsService } from './standings.service';
import { StandingsQueryDto, StandingsView } from './standings.view';

@ApiTags('standings')
@Controller('api/divisions')
export class StandingsController {
  constructor(private readonly standings: StandingsService) {}

  @Get(':id/standings')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOperation({
    summary: 'Standings of a division after any round',
    description:
      "Game points, then the tournament's tie-breaks (by default spread, then cumulative remaining " +
      'time), then the seed. Games still without a result count for nothing yet.',
  })
  @ApiOkResponse({
    type: StandingsView,
    headers: { ETag: { description: 'send it in If-None-Match' } },
  })
  @ApiResponse({ status: 304, description: 'unchanged since the ETag sent in If-None-Match' })
  @ApiErrors(400, 404)
  async get(
    @IdParam('id', 'division') id: number,
    @Query() query: StandingsQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    return sendTable(res, await this.standings.json(id, query.round));
  }
}

/** The cached JSON as is, with its ETag (Express answers 304 to a matching If-None-Match). */
function sendTable(res: Response, table: { json: string; etag: string }): string {
  res.setHeader('ETag', table.etag);
  return table.json;
}
