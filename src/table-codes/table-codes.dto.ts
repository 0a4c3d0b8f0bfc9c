import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { IsName } from '../common/api/text';

/** Which of the table's sheets the player confirms. */
export class ConfirmSubmissionDto {
  @ApiProperty({ description: 'the id of the sheet another player of the table sent' })
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  submission: number;
}

/** Why a judge sends a sheet back to the table. */
export class ReturnSubmissionDto {
  @ApiProperty({ maxLength: 500, example: 'Turn 7: the word is written as H8, the board says 8H' })
  @IsName(500)
  note: string;
}
