import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  Max,
  Min,
  Validate,
  ValidateNested,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { PAIRING_SYSTEMS } from '../../tournaments/systems';
import type { PairingSystem } from '../../tournaments/systems';
import { IsName } from '../../common/api/text';

const MAX_ID = 2_147_483_647;

/** Two different player ids, `[12, 15]`. */
@ValidatorConstraint({ name: 'playerPair' })
class PlayerPair implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return (
      Array.isArray(value) &&
      value.length === 2 &&
      value.every((id) => Number.isInteger(id) && id >= 1 && id <= MAX_ID) &&
      value[0] !== value[1]
    );
  }
  defaultMessage(): string {
    return 'each entry of keepApart must be two different player ids, e.g. [12, 15]';
  }
}

/** One table's player ids in turn order: 1 to 8 whole numbers. */
@ValidatorConstraint({ name: 'seatList' })
class SeatList implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return (
      Array.isArray(value) &&
      value.length >= 1 &&
      value.length <= 8 &&
      value.every((id) => Number.isInteger(id) && id >= 1 && id <= MAX_ID)
    );
  }
  defaultMessage(): string {
    return 'each entry of tables must be a list of 1 to 8 player ids in turn order, e.g. [12, 15, 3, 8]';
  }
}

export class ManualTableDto {
  @ApiProperty({ description: 'player id; moves first' })
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  first: number;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'player id; null or absent for a bye',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  second?: number | null;
}

export class PairRoundDto {
  @ApiPropertyOptional({
    enum: PAIRING_SYSTEMS,
    description: "overrides the tournament's plan for this round",
  })
  @IsOptional()
  @IsIn(PAIRING_SYSTEMS)
  system?: PairingSystem;

  @ApiPropertyOptional({
    type: [ManualTableDto],
    description: 'for system "manual": every active player once, tables in order, at most one bye',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(10000)
  @ValidateNested({ each: true })
  @Type(() => ManualTableDto)
  pairings?: ManualTableDto[];

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 8 },
    example: [
      [12, 15, 3, 8],
      [4, 9, 11],
    ],
    description:
      'for system "manual" in a division played at tables: each table its player ids in turn order (the first moves first); every active player once; a table of one is a bye',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(10000)
  @Validate(SeatList, { each: true })
  tables?: number[][];

  @ApiPropertyOptional({
    description:
      'for system "random": the seed string (default: derived from the division and round)',
    maxLength: 100,
  })
  @IsOptional()
  @IsName(100)
  seed?: string;

  @ApiPropertyOptional({
    enum: ['split', 'adjacent', 'fold'],
    description: 'for system "seeded": 1–(n/2+1) (split, default), 1–2 (adjacent) or 1–n (fold)',
  })
  @IsOptional()
  @IsIn(['split', 'adjacent', 'fold'])
  seeding?: 'split' | 'adjacent' | 'fold';

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 },
    example: [[12, 15]],
    description:
      'pairs of player ids to keep apart in this round as far as possible (Swiss), e.g. relatives',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @Validate(PlayerPair, { each: true })
  keepApart?: [number, number][];
}

export class SwapDto {
  @ApiProperty({
    type: [Number],
    example: [12, 17],
    description:
      'two player ids: at different tables they change places; at one table they change who moves first',
  })
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_ID, { each: true })
  players: number[];
}

/** Pairs the last round again: how to pair it, and the confirmation when it holds results. */
export class RepairRoundDto extends PairRoundDto {
  @ApiPropertyOptional({
    description:
      "true to re-pair a round that has results, score sheets or drafts (without it, 409 CONFIRMATION_NEEDED says how many would go); they are kept in the director's log",
  })
  @IsOptional()
  @IsBoolean()
  confirm?: boolean;
}

/** `?confirm=true` removes a round that has results, score sheets or drafts. */
export class RemoveRoundQueryDto {
  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description:
      "true to remove a round that has results, score sheets or drafts (without it, 409 CONFIRMATION_NEEDED says how many would go); they are kept in the director's log",
  })
  @IsOptional()
  @IsIn(['true', 'false'])
  confirm?: 'true' | 'false';
}
