import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api/docs';
import { IdParam } from '../common/api/id-param';
import { PlayersService } from '../players/players.service';
import { scorecardsOf } from './scorecards';
import { ScorecardView, WallChartView } from './scorecards.view';
import { StandingsService } from './standings.service';
import { StandingsQueryDto } from './standings.view';

/** Each player's scorecard and the division's wall chart, from the standings' snapshot. */
@ApiTags('standings')
@Controller('api')
export class ScorecardsController {
  constructor(
    private readonly standings: StandingsService,
    private readonly players: PlayersService,
  ) {}

  @Get('players/:id/scorecard')
  @ApiOperation({
    summary: "A player's scorecard, round by round",
    description:
      'Opponent, who moved first, scores, the spread each round adds to the standings (held to ' +
      "the division's spread cap) and the running record and spread, through `round` (default: " +
      'the last round paired). The last line equals the standings after that round.',
  })
  @ApiOkResponse({ type: ScorecardView })
  @ApiErrors(400, 404)
  async scorecard(
    @IdParam('id', 'player') id: number,
    @Query() query: StandingsQueryDto,
  ): Promise<ScorecardView> {
    const player = await this.players.get(id);
    const cards = scorecardsOf(await this.standings.snapshot(player.divisionId, query.round));
    const card = cards.cards.get(String(id))!;
    return {
      playerId: id,
      divisionId: player.divisionId,
      name: player.name,
      seed: player.seed,
      round: cards.rounds,
      spreadCap: cards.spreadCap,
      lines: card.lines.map((l) => {
        const opponent = l.opponent === null ? undefined : cards.players.get(l.opponent);
        return {
          round: l.round,
          kind: l.kind,
          opponentId: opponent?.id ?? null,
          opponentSeed: opponent?.seed ?? null,
          first: l.first,
          score: l.score,
          opponentScore: l.opponentScore,
          spread: l.spread,
          gameSpread: l.gameSpread,
          capped: l.capped,
          wins: l.wins,
          losses: l.losses,
          runningSpread: l.runningSpread,
        };
      }),
    };
  }

  @Get('divisions/:id/wallchart')
  @ApiOperation({
    summary: "A division's wall chart",
    description:
      'One row a player in seed order, one cell a round: the result, the opponent’s seed, who ' +
      'moved first and the record and spread after the round, through `round` (default: the ' +
      'last round paired).',
  })
  @ApiOkResponse({ type: WallChartView })
  @ApiErrors(400, 404)
  async wallChart(
    @IdParam('id', 'division') id: number,
    @Query() query: StandingsQueryDto,
  ): Promise<WallChartView> {
    const cards = scorecardsOf(await this.standings.snapshot(id, query.round));
    return {
      divisionId: id,
      round: cards.rounds,
      spreadCap: cards.spreadCap,
      rows: cards.chart.map((row) => {
        const p = cards.players.get(row.playerId)!;
        return {
          playerId: p.id,
          seed: row.seed,
          name: p.name,
          active: p.active,
          wins: row.wins,
          losses: row.losses,
          spread: row.spread,
          cells: row.cells,
        };
      }),
    };
  }
}
