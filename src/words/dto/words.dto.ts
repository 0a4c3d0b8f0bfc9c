import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { IsName } from '../../common/api/text';

export class UploadWordListDto {
  @ApiProperty({ example: 'Official list 2026' })
  @IsName(200)
  name: string;

  @ApiProperty({
    description:
      'one word per line, Latin or Cyrillic; `|` between two tiles that would read as a digraph (IN|JEKCIJA); blank lines and # comments skipped',
  })
  @IsString()
  @MaxLength(24 * 1024 * 1024)
  text: string;
}

export class JudgeWordsDto {
  @ApiProperty({ example: ['KUĆA', 'PAS'], description: 'the words of the challenged play' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(40, { each: true })
  words: string[];

  @ApiPropertyOptional({
    description: "the tournament whose list rules (its own, else its rule set's default)",
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2147483647)
  tournamentId?: number;

  @ApiPropertyOptional({ description: 'the game the challenge is in (logged with the ruling)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2147483647)
  gameId?: number;

  @ApiPropertyOptional({
    description: 'the turn on the score sheet (1-based, logged with the ruling)',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  turn?: number;

  @ApiPropertyOptional({ example: 'kvizovka', description: 'rule set when no tournament is given' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  rules?: string;
}
