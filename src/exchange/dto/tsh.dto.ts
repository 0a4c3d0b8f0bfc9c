import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsName } from '../../common/api/text';
import { RULE_SETS } from '../../engine';
import { TSH_LIMIT } from '../../common/body/body-limits';

/** A new division from a TSH `.t` file. */
export class TshImportDto {
  @ApiProperty({ example: 'Scrabble A', maxLength: 100 })
  @IsName(100)
  name: string;

  @ApiProperty({
    description:
      "the `.t` file's text: a line a player, `Last, First rating opponents…; scores…` and optional `; p12 …`, `; team …`, `; off 1` fields (see docs/tournaments.md, TSH files)",
    example: 'Petrović, Ana 1650 2; 420; p12 1\nJovanović, Marko 1580 1; 385; p12 2\n',
    maxLength: TSH_LIMIT,
  })
  @IsString()
  @MaxLength(TSH_LIMIT)
  file: string;

  @ApiPropertyOptional({
    enum: Object.keys(RULE_SETS),
    description: "the division's rule set (default: the tournament's)",
  })
  @ValidateIf((o: TshImportDto) => o.ruleSet !== undefined)
  @IsIn(Object.keys(RULE_SETS))
  ruleSet?: string;
}
