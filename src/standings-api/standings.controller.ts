import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { encodedBody } from '../web/page-cache';
import { ApiErrors } from '../common/api/docs';
import { IdParam } from '../common/api/id-param';
import { StandingsJson, StandingsService } from './standings.service';
import { StandingsQueryDto, StandingsView } from './standings.view';

@ApiTags('standings')
@Controller('api/divisions')
export class StandingsController {
  constructor(private readonly standings: StandingsService) {}

  @Get(':id/standings')
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
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    sendTable(req, res, await this.standings.json(id, query.round));
  }
}

/**
 * The kept JSON as is, or compressed as the client accepts (kept compressed with it), with
 * its ETag (Express answers 304 to a matching If-None-Match).
 */
function sendTable(req: Request, res: Response, table: StandingsJson): void {
  const { body, encoding } = encodedBody(table, (e) => req.acceptsEncodings(e));
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('ETag', table.etag);
  res.send(body);
}
