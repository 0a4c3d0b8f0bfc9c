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
}
