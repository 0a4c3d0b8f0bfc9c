import { Body, Controller, Delete, Get, Headers, Put, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import {
  ApiBody,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import type { PublicUser } from '../auth/public-user';
import { Roles } from '../auth/roles.decorator';
import { GameView } from '../rounds/game.view';
import { CurrentUser } from '../auth/current-user';
import { ApiErrors, ErrorView } from '../common/api/docs';
import { IdParam } from '../common/api/id-param';
import { parseIfMatch } from '../common/api/if-match';
import { EnterResultDto } from './dto/result.dto';
import { EnterTableResultDto } from './dto/table-result.dto';
import { HistoryEntryView, ScoreSheetView } from './result.view';
import { ResultsService } from './results.service';

const IF_MATCH = ApiHeader({
  name: 'If-Match',
  required: false,
  description:
    'the game version you read (GET /api/games/{id}); required to change a game that already has a result',
});

const SCORESHEET_SCHEMA = {
  type: 'object',
  description: 'a score sheet in the `scoresheet/1` format (docs/scoresheet-format.md)',
  required: ['format', 'rules', 'players', 'turns'],
  properties: {
    format: { type: 'string', enum: ['scoresheet/1'] },
    rules: { type: 'string', example: 'kvizovka' },
    options: { type: 'object', additionalProperties: true },
    players: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 },
    turns: { type: 'array', items: { type: 'object', additionalProperties: true } },
    end: { type: 'object', additionalProperties: true },
    claimed: { type: 'object', additionalProperties: true },
    meta: { type: 'object', additionalProperties: true },
  },
};

@ApiTags('results')
@Controller('api/games')
export class ResultsController {
  constructor(private readonly results: ResultsService) {}

  @Get(':id')
  @ApiOperation({ summary: 'One game: players, result, score-sheet verdict, version' })
  @ApiOkResponse({ type: GameView })
  @ApiErrors(400, 404)
  game(@IdParam('id', 'game') id: number): Promise<GameView> {
    return this.results.game(id);
  }

  @Roles('judge')
  @Put(':id/result')
  @IF_MATCH
  @ApiOperation({
    summary: 'Enter or correct a result from final scores and clocks',
    description:
      "The winner is the engine's decision for the tournament's rule set: a time loss, else the higher " +
      "score, else the rule set's tie-breaks (remaining time for Kvizovka and Scrabble; cards, safePoints, " +
      'tilesPlayed, biggestSteal or targetFirst for the others, 422 TIE_BREAK_FIGURE_NEEDED when needed and ' +
      "not given), else a draw. When the game has a verified score sheet the sheet's figures stand: a result that " +
      'contradicts them (finals, winner, time loss, cards) is refused (422 RESULT_CONTRADICTS_SHEET), one that ' +
      'agrees changes nothing.',
  })
  @ApiOkResponse({ type: GameView })
  @ApiErrors(400, 404, 409, 422)
  enterResult(
    @IdParam('id', 'game') id: number,
    @Body() dto: EnterResultDto,
    @Headers('if-match') ifMatch: string | undefined,
    @CurrentUser() user: PublicUser | null,
  ): Promise<GameView> {
    return this.results.enterResult(id, dto, parseIfMatch(ifMatch), user);
  }

  @Roles('judge')
  @Put(':id/table-result')
  @IF_MATCH
  @ApiOperation({
    summary: 'Enter or correct the result of a table of more than two',
    description:
      "Each seat's final score in turn order, and its remaining clock (not for a card game); Quivit's cards, the " +
      "target-score variant's targetFirst when they are needed. The rule set places the seats: a clock run out " +
      "below every clock that did not, then the score, then the rule set's tie-breaks; seats equal on all share " +
      'the place (docs/pairing.md). A game of two takes PUT /api/games/{id}/result instead (409 NOT_A_TABLE).',
  })
  @ApiOkResponse({ type: GameView })
  @ApiErrors(400, 404, 409, 422)
  enterTableResult(
    @IdParam('id', 'game') id: number,
    @Body() dto: EnterTableResultDto,
    @Headers('if-match') ifMatch: string | undefined,
    @CurrentUser() user: PublicUser | null,
  ): Promise<GameView> {
    return this.results.enterTableResult(id, dto, parseIfMatch(ifMatch), user);
  }

  @Roles('judge')
  @Delete(':id/result')
  @IF_MATCH
  @ApiOperation({
    summary: 'Take a result back (the game is pending again); not while it has a score sheet',
  })
  @ApiOkResponse({ type: GameView })
  @ApiErrors(400, 404, 409)
  clearResult(
    @IdParam('id', 'game') id: number,
    @Headers('if-match') ifMatch: string | undefined,
    @CurrentUser() user: PublicUser | null,
  ): Promise<GameView> {
    return this.results.clearResult(id, parseIfMatch(ifMatch), user);
  }

  @Roles('judge')
  @Put(':id/scoresheet')
  @IF_MATCH
  @ApiOperation({
    summary: 'Enter or replace the score sheet; the result comes from the engine',
    description:
      'The body is stored exactly as sent, with the verification report. A sheet that cannot be read ' +
      'is a 400 SHEET_UNREADABLE, each mistake in `details` with its line, turn, field, player, code, ' +
      "parameters and sentence (and the engine's path), and nothing is stored; a sheet with " +
      "discrepancies is stored and the result taken from the computed figures. The sheet's players " +
      "must be the game's, the player who moved first first.",
  })
  @ApiBody({ schema: SCORESHEET_SCHEMA })
  @ApiOkResponse({ type: GameView })
  @ApiResponse({ status: 415, description: 'the body is not JSON', type: ErrorView })
  @ApiErrors(400, 404, 409, 422)
  enterSheet(
    @IdParam('id', 'game') id: number,
    @Req() req: RawBodyRequest<Request>,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @CurrentUser() user: PublicUser | null,
  ): Promise<GameView> {
    return this.results.enterSheet(
      id,
      req.rawBody?.toString('utf8'),
      body,
      parseIfMatch(ifMatch),
      user,
    );
  }

  @Get(':id/scoresheet')
  @ApiOperation({ summary: "A game's score sheet as sent, with its verification report" })
  @ApiOkResponse({ type: ScoreSheetView })
  @ApiErrors(400, 404)
  sheet(@IdParam('id', 'game') id: number): Promise<ScoreSheetView> {
    return this.results.sheet(id);
  }

  @Roles('judge')
  @Delete(':id/scoresheet')
  @IF_MATCH
  @ApiOperation({ summary: 'Remove the score sheet; the result stays as a typed result' })
  @ApiOkResponse({ type: GameView })
  @ApiErrors(400, 404, 409)
  removeSheet(
    @IdParam('id', 'game') id: number,
    @Headers('if-match') ifMatch: string | undefined,
    @CurrentUser() user: PublicUser | null,
  ): Promise<GameView> {
    return this.results.removeSheet(id, parseIfMatch(ifMatch), user);
  }

  @Get(':id/history')
  @ApiOperation({ summary: "Every change to a game's result: who, when, before and after" })
  @ApiOkResponse({ type: [HistoryEntryView] })
  @ApiErrors(400, 404)
  history(@IdParam('id', 'game') id: number): Promise<HistoryEntryView[]> {
    return this.results.history(id);
  }
}
