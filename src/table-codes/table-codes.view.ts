import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GamePlayerView, GameView } from '../rounds/game.view';

export class SeatRefView {
  @ApiProperty({ description: '1 moves first' }) seat: number;
  @ApiProperty({ type: GamePlayerView }) player: GamePlayerView;
}

export class SeatCodeView extends SeatRefView {
  @ApiProperty({ example: '7K2M9QX4TB', description: 'ten characters; print it as 7K2M9 QX4TB' })
  code: string;
  @ApiProperty({ example: '/t/7K2M9QX4TB', description: 'the address a phone opens (the QR code)' })
  url: string;
}

export class GameCodesView {
  @ApiProperty() gameId: number;
  @ApiProperty() table: number;
  @ApiProperty({ type: [SeatCodeView] }) seats: SeatCodeView[];
}

export class SubmissionView {
  @ApiProperty() id: number;
  @ApiProperty() gameId: number;
  @ApiProperty({ type: SeatRefView, description: 'who sent it, by the code of their seat' })
  from: SeatRefView;
  @ApiProperty() at: Date;
  @ApiProperty({ description: "the engine's verdict: true when the sheet agrees with the rules" })
  ok: boolean;
  @ApiProperty({
    description:
      'what the engine found wrong: its findings and the turns whose score or play it refused',
  })
  issues: number;
  @ApiProperty({
    enum: ['waiting', 'accepted', 'returned', 'replaced'],
    description:
      '`waiting` for confirmations or a judge; `accepted` as the result; `returned` by a judge; `replaced` by a later sheet of the table',
  })
  status: string;
  @ApiProperty({ type: [SeatRefView] }) confirmedBy: SeatRefView[];
  @ApiProperty({
    type: [SeatRefView],
    description: 'the players whose confirmation is still missing',
  })
  waitingFor: SeatRefView[];
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: "the judge's reason for returning it",
  })
  note: string | null;
}

export class CodeView {
  @ApiProperty({ type: GameView }) game: GameView;
  @ApiProperty({ type: SeatRefView, description: 'whose code it is' }) you: SeatRefView;
  @ApiProperty() rules: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) options: Record<string, unknown>;
  @ApiProperty({
    type: [String],
    description: 'the players in turn order, as the sheet names them',
  })
  players: string[];
  @ApiProperty({
    type: [SubmissionView],
    description: "the table's sheets sent so far, newest first",
  })
  submissions: SubmissionView[];
}

export class DeskTableView {
  @ApiProperty() gameId: number;
  @ApiProperty() table: number;
  @ApiProperty({ type: [GamePlayerView], description: 'in turn order' }) players: GamePlayerView[];
  @ApiProperty({
    enum: ['done', 'flagged', 'unconfirmed', 'no-result'],
    description:
      '`done`: the result is in; `flagged`: a sheet of the table disagrees with the rules, the latest sent from it and waiting, or the one entered as its result (by a judge, or accepted from the table); `unconfirmed`: the latest sent agrees and waits for the others; `no-result`: nothing yet',
  })
  status: string;
  @ApiProperty({ description: 'the game has its result (a `flagged` table may have it too)' })
  resultIn: boolean;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description:
      'the score sheet entered as the result: true when it agrees with the rules, false when the engine found faults or could not read it; null when the result has no sheet',
  })
  sheetOk: boolean | null;
  @ApiProperty({ type: [SubmissionView], description: 'newest first' })
  submissions: SubmissionView[];
}

export class DeskView {
  @ApiProperty() divisionId: number;
  @ApiProperty() round: number;
  @ApiProperty({ description: 'tables by status' })
  counts: { done: number; flagged: number; unconfirmed: number; 'no-result': number };
  @ApiProperty({ type: [DeskTableView] }) tables: DeskTableView[];
}
