import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsClock } from './clock.decorator';

/**
 * A table's result typed from the paper, seats in turn order (seat 1, who moved first, first):
 * each seat's final score and, for a game with a clock, its remaining time.
 */
export class EnterTableResultDto {
  @ApiProperty({
    type: [Number],
    example: [212, 187, 164],
    description: 'final scores, one a seat, in turn order',
  })
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(8)
  @IsInt({ each: true })
  @Min(-1000, { each: true })
  @Max(5000, { each: true })
  scores: number[];

  @ApiPropertyOptional({
    type: [String],
    example: ['03:24', '05:12', '00:40'],
    pattern: '^-?\\d{1,3}:[0-5]\\d$',
    description:
      'remaining clocks (mm:ss) after penalties, one a seat; required for a game with a clock, left out for a card game (Quivit). A clock at or below 00:00 places its player below every player whose clock did not run out',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(8)
  @IsClock({ each: true })
  clocks?: string[];

  @ApiPropertyOptional({
    type: [Number],
    example: [31, 27, 29, 25],
    description:
      'Quivit: the cards each seat took; needed when scores are equal, and counted by the standings',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(8)
  @IsInt({ each: true })
  @Min(0, { each: true })
  @Max(5000, { each: true })
  cards?: number[];

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 7,
    description:
      'target-score variant: the seat that reached the target first (0 = seat 1); needed when scores at or past the target are equal',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(7)
  targetFirst?: number;

  @ApiPropertyOptional({
    type: [Number],
    example: [2],
    description:
      "the seats (0 = seat 1) that did not come: each takes the last place of the table, with no score, clock or cards (its entries in `scores`, `clocks` and `cards` are not read; send 0 and 00:00); the others are placed among themselves. Every seat absent is the table's double forfeit (every seat last); one seat alone present is refused",
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(8)
  @IsInt({ each: true })
  @Min(0, { each: true })
  @Max(7, { each: true })
  absent?: number[];
}
