import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DeviceCookies } from '../throttle/device-cookies';
import { tableClientOf } from './table-client';
import { Public, Roles } from '../auth/roles.decorator';
import type { PublicUser } from '../auth/public-user';
import { CurrentUser } from '../auth/current-user';
import { ApiErrors } from '../common/api/docs';
import { IdParam } from '../common/api/id-param';
import { GameView } from '../rounds/game.view';
import { ConfirmSubmissionDto, ReturnSubmissionDto } from './table-codes.dto';
import { TableCodesService } from './table-codes.service';
import { CodeView, DeskView, GameCodesView, SubmissionView } from './table-codes.view';

@ApiTags('table codes')
@Controller('api')
export class TableCodesController {
  constructor(
    private readonly codes: TableCodesService,
    private readonly devices: DeviceCookies,
  ) {}

  @Roles('judge')
  @Get('divisions/:id/rounds/:number/codes')
  @ApiOperation({
    summary: "Each seat's code of a round's games, made when first asked for (for the printouts)",
  })
  @ApiOkResponse({ type: [GameCodesView] })
  @ApiErrors(400, 404)
  roundCodes(
    @IdParam('id', 'division') id: number,
    @IdParam('number', 'round') number: number,
  ): Promise<GameCodesView[]> {
    return this.codes.roundCodes(id, number);
  }

  @Public()
  @Get('codes/:code')
  @ApiOperation({
    summary: "What a table code opens: its game, whose seat it is, the table's sheets so far",
    description:
      'No account: the code is the key, for its own game only, while its round is the last. A wrong code is 404 and, past 20 from one client (its `arbiter_table` cookie, else its address and browser), 429 with Retry-After; an expired one 410.',
  })
  @ApiOkResponse({ type: CodeView })
  @ApiErrors(400, 404, 410, 429)
  open(
    @Param('code') code: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CodeView> {
    return this.codes.open(code, tableClientOf(this.devices, req, res));
  }

  @Public()
  @Post('codes/:code/sheet')
  @ApiOperation({
    summary: "Send the game's score sheet from the table",
    description:
      "Verified at once; a sheet that cannot be read is a 400 naming each mistake's line and field (as `PUT /api/games/{id}/scoresheet`), one that is not this game's a 422, and nothing is kept. It becomes the result when the engine finds no fault and every other player of the table confirms it with their own code; otherwise it waits at the judges' desk.",
  })
  @ApiBody({ schema: { type: 'object', description: 'a score sheet in the scoresheet/1 format' } })
  @ApiOkResponse({ type: SubmissionView })
  @ApiErrors(400, 404, 409, 410, 422, 429)
  submit(
    @Param('code') code: string,
    @Req() req: RawBodyRequest<Request>,
    @Res({ passthrough: true }) res: Response,
    @Body() body: unknown,
  ): Promise<SubmissionView> {
    return this.codes.submit(
      code,
      req.rawBody?.toString('utf8'),
      body,
      tableClientOf(this.devices, req, res),
    );
  }

  @Public()
  @Post('codes/:code/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Confirm the sheet another player of the table sent, with your own code',
  })
  @ApiOkResponse({ type: SubmissionView })
  @ApiErrors(400, 404, 409, 410, 429)
  confirm(
    @Param('code') code: string,
    @Body() dto: ConfirmSubmissionDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SubmissionView> {
    return this.codes.confirm(code, dto.submission, tableClientOf(this.devices, req, res));
  }

  @Roles('judge')
  @Get('divisions/:id/rounds/:number/desk')
  @ApiOperation({
    summary: "The chief judge's desk: each table's state and the sheets sent from it",
  })
  @ApiOkResponse({ type: DeskView })
  @ApiErrors(400, 404)
  desk(
    @IdParam('id', 'division') id: number,
    @IdParam('number', 'round') number: number,
  ): Promise<DeskView> {
    return this.codes.desk(id, number);
  }

  @Roles('judge')
  @Post('submissions/:id/accept')
  @HttpCode(200)
  @ApiOperation({ summary: "Enter a sheet sent from the table as the game's result" })
  @ApiOkResponse({ type: GameView })
  @ApiErrors(400, 404, 409, 422)
  accept(
    @IdParam('id', 'submission') id: number,
    @CurrentUser() user: PublicUser | null,
  ): Promise<GameView> {
    return this.codes.acceptByJudge(id, user);
  }

  @Roles('judge')
  @Post('submissions/:id/return')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a sheet back to the table, saying why' })
  @ApiOkResponse({ type: SubmissionView })
  @ApiErrors(400, 404, 409)
  giveBack(
    @IdParam('id', 'submission') id: number,
    @Body() dto: ReturnSubmissionDto,
    @CurrentUser() user: PublicUser | null,
  ): Promise<SubmissionView> {
    return this.codes.returnByJudge(id, dto.note, user);
  }
}
