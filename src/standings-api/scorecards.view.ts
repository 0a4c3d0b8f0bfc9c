import { ApiProperty } from '@nestjs/swagger';
import type { ScorecardKind } from '../standings';

const KINDS: ScorecardKind[] = [
  'win',
  'loss',
  'draw',
  'bye',
  'forfeit-win',
  'forfeit-loss',
  'double-forfeit',
  'pending',
  'absent',
  'not-joined',
  'not-paired',
];

export class ScorecardLineView {
  @ApiProperty() round: number;
  @ApiProperty({
    enum: KINDS,
    description:
      'a game won, lost or drawn; a bye; a single forfeit won or lost; a double forfeit; a game without a result yet; marked absent (not paired, no bye); before the player joined; not paired otherwise (withdrawn then)',
  })
  kind: ScorecardKind;
  @ApiProperty({ type: Number, nullable: true, description: 'null for a bye or no game' })
  opponentId: number | null;
  @ApiProperty({ type: Number, nullable: true, description: "the opponent's seed number" })
  opponentSeed: number | null;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: 'true when this player moved first; null when nothing was played',
  })
  first: boolean | null;
  @ApiProperty({ type: Number, nullable: true }) score: number | null;
  @ApiProperty({ type: Number, nullable: true }) opponentScore: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'the spread the round adds to the standings: own − opponent held to the spread cap, the bye spread, ± the forfeit spread; null when it counts nothing',
  })
  spread: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'own − opponent as played, before the cap',
  })
  gameSpread: number | null;
  @ApiProperty({ description: 'the spread cap cut this game' }) capped: boolean;
  @ApiProperty({ description: 'game points after the round (win 1, draw ½, bye 1)' })
  wins: number;
  @ApiProperty({ description: 'games lost after the round (a draw is ½)' }) losses: number;
  @ApiProperty({ description: 'the standings spread after the round' }) runningSpread: number;
}

export class ScorecardView {
  @ApiProperty() playerId: number;
  @ApiProperty() divisionId: number;
  @ApiProperty() name: string;
  @ApiProperty() seed: number;
  @ApiProperty({ description: 'rounds shown: 1 to this one' }) round: number;
  @ApiProperty({ type: Number, nullable: true, description: "the division's spread cap" })
  spreadCap: number | null;
  @ApiProperty({ type: [ScorecardLineView] }) lines: ScorecardLineView[];
}

export class WallChartCellView {
  @ApiProperty({ enum: KINDS }) kind: ScorecardKind;
  @ApiProperty({ type: Number, nullable: true }) opponentSeed: number | null;
  @ApiProperty({ type: Boolean, nullable: true }) first: boolean | null;
  @ApiProperty({ type: Number, nullable: true }) score: number | null;
  @ApiProperty({ type: Number, nullable: true }) opponentScore: number | null;
  @ApiProperty() wins: number;
  @ApiProperty() losses: number;
  @ApiProperty() runningSpread: number;
}

export class WallChartRowView {
  @ApiProperty() playerId: number;
  @ApiProperty() seed: number;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'false once withdrawn' }) active: boolean;
  @ApiProperty() wins: number;
  @ApiProperty() losses: number;
  @ApiProperty() spread: number;
  @ApiProperty({ type: [WallChartCellView], description: 'round 1 first' })
  cells: WallChartCellView[];
}

export class WallChartView {
  @ApiProperty() divisionId: number;
  @ApiProperty({ description: 'rounds shown: 1 to this one' }) round: number;
  @ApiProperty({ type: Number, nullable: true }) spreadCap: number | null;
  @ApiProperty({ type: [WallChartRowView], description: 'in seed order' })
  rows: WallChartRowView[];
}
