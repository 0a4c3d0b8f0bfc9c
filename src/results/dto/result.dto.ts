import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  Max,
  Min,
} from 'class-validator';
import { IsClock } from './clock.decorator';

/** A result typed in from the paper: scores and clocks, first player (who started) first. */
export class EnterResultDto {
  @ApiProperty({
    type: [Number],
    example: [472, 459],
    description: 'final scores: the player who moved first, then the other',
  })
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsInt({ each: true })
  @Min(-1000, { each: true })
  @Max(5000, { each: true })
  scores: number[];

  @ApiProperty({
    type: [String],
    example: ['03:24', '05:12'],
    pattern: '^-?\\d{1,3}:[0-5]\\d$',
    description: 'remaining clocks (mm:ss) after penalties, same order as the scores',
  })
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsClock({ each: true })
  clocks: string[];

  @ApiPropertyOptional({
    enum: [0, 1],
    description:
      'who lost on time (0 = the player who moved first). Left out, a clock at or below 00:00 says it.',
  })
  @IsOptional()
  @IsIn([0, 1])
  timeLoss?: 0 | 1;

  @ApiPropertyOptional({
    type: [Number],
    example: [13, 14],
    description:
      'card games (Quivit): the cards each player took, same order as the scores. Equal scores are decided by them; stored for the standings.',
  })
  @IsFigures()
  cards?: number[];

  @ApiPropertyOptional({
    type: [Number],
    example: [30, 25],
    description: "Qwibble: each player's safe points, the first tie-break of equal scores",
  })
  @IsFigures()
  safePoints?: number[];

  @ApiPropertyOptional({
    type: [Number],
    example: [44, 40],
    description: 'Qwibble: the tiles each player played, the second tie-break',
  })
  @IsFigures()
  tilesPlayed?: number[];

  @ApiPropertyOptional({
    type: [Number],
    example: [12, 9],
    description:
      "Qwibble: each player's biggest steal (points taken in one play), the third tie-break",
  })
  @IsFigures()
  biggestSteal?: number[];

  @ApiPropertyOptional({
    enum: [0, 1],
    description:
      'target-score Scrabble: who reached the target first (0 = the player who moved first), the tie-break of equal scores at or past the target',
  })
  @IsOptional()
  @IsIn([0, 1])
  targetFirst?: 0 | 1;
}

/**
 * A tie-break figure of each player, first player first: two whole numbers
 * from 0 to 5000. Whether the game's rule set uses it is the service's to say.
 */
function IsFigures(): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    IsArray(),
    ArrayMinSize(2),
    ArrayMaxSize(2),
    IsInt({ each: true }),
    Min(0, { each: true }),
    Max(5000, { each: true }),
  );
}
