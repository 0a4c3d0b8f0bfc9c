import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  Max,
  Min,
  Validate,
  ValidateIf,
  ValidationArguments,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { TakenAsIs } from '../../common/api/validation';
import { CLOCK_PATTERN, IsClock } from './clock.decorator';

/** What a result is: a game played, a single forfeit (one player absent) or a double forfeit. */
export const RESULT_KINDS = ['played', 'forfeit', 'double-forfeit'] as const;
export type ResultKindInput = (typeof RESULT_KINDS)[number];

/** The fields of a game played: a forfeit takes none of them. */
const PLAYED_FIELDS = [
  'scores',
  'clocks',
  'timeLoss',
  'cards',
  'safePoints',
  'tilesPlayed',
  'biggestSteal',
  'targetFirst',
] as const;

const isForfeit = (o: EnterResultDto) => o.kind === 'forfeit' || o.kind === 'double-forfeit';

/** A forfeit names no scores, clocks or tie-break figures: nothing was played. Each is named. */
@ValidatorConstraint({ name: 'playedFieldsOnly' })
class PlayedFieldsOnly implements ValidatorConstraintInterface {
  private misplaced(o: EnterResultDto): string[] {
    return isForfeit(o) ? PLAYED_FIELDS.filter((f) => o[f] !== undefined) : [];
  }
  validate(_: unknown, args: ValidationArguments): boolean {
    return this.misplaced(args.object).length === 0;
  }
  defaultMessage(args: ValidationArguments): string {
    const o = args.object as EnterResultDto;
    return this.misplaced(o)
      .map((f) => `${f} is not taken with kind "${o.kind}": a forfeit was not played`)
      .join('; ');
  }
}

/** Only a single forfeit names who was absent. */
@ValidatorConstraint({ name: 'absentOnlyForForfeit' })
class AbsentOnlyForForfeit implements ValidatorConstraintInterface {
  validate(_: unknown, args: ValidationArguments): boolean {
    return (args.object as EnterResultDto).kind === 'forfeit';
  }
  defaultMessage(): string {
    return 'absent is only for kind "forfeit" (the player who did not come)';
  }
}

/** Two whole numbers from `min` to `max`, as `@IsInt`, `@Min` and `@Max` take them. */
const twoWhole = (v: unknown, min: number, max: number): boolean =>
  Array.isArray(v) &&
  v.length === 2 &&
  v.every((x) => Number.isInteger(x) && (x as number) >= min && (x as number) <= max);

const oneOfTwo = (v: unknown) => v === undefined || v === 0 || v === 1;

/** What a game played may send besides its scores and clocks. */
const AS_IS_FIELDS: ReadonlySet<string> = new Set(['kind', ...PLAYED_FIELDS]);

/**
 * A game played sent as the decorators below take it, checked without class-validator (a
 * hall's commonest write): its scores, clocks and optional figures in range, nothing else.
 * Anything else (a forfeit, a null, an unknown field, a mistake) is validated the whole way.
 */
export function playedAsIs(o: Record<string, unknown>): boolean {
  for (const key of Object.keys(o)) if (!AS_IS_FIELDS.has(key)) return false;
  const clocks = o.clocks;
  return (
    (o.kind === undefined || o.kind === 'played') &&
    twoWhole(o.scores, -1000, 5000) &&
    Array.isArray(clocks) &&
    clocks.length === 2 &&
    clocks.every((c) => typeof c === 'string' && CLOCK_PATTERN.test(c)) &&
    oneOfTwo(o.timeLoss) &&
    oneOfTwo(o.targetFirst) &&
    ['cards', 'safePoints', 'tilesPlayed', 'biggestSteal'].every(
      (f) => o[f] === undefined || twoWhole(o[f], 0, 5000),
    )
  );
}

/**
 * A result typed in from the paper: scores and clocks, first player (who started) first; or a
 * forfeit (`kind`), which has none.
 */
@TakenAsIs(playedAsIs)
export class EnterResultDto {
  @ApiPropertyOptional({
    enum: RESULT_KINDS,
    default: 'played',
    description:
      "`forfeit`: the player `absent` did not come and loses, the other wins, with the division's forfeit spread; " +
      '`double-forfeit`: neither came and both lose (spread 0). A forfeit takes no scores, clocks or figures.',
  })
  @IsOptional()
  @IsIn(RESULT_KINDS)
  @Validate(PlayedFieldsOnly)
  kind?: ResultKindInput;

  @ApiPropertyOptional({
    enum: [0, 1],
    description: 'kind forfeit: who did not come (0 = the player listed first, 1 = the other)',
  })
  @ValidateIf((o: EnterResultDto) => o.kind === 'forfeit' || o.absent !== undefined)
  @IsIn([0, 1], { message: 'absent must be 0 or 1: the player who did not come' })
  @Validate(AbsentOnlyForForfeit)
  absent?: 0 | 1;

  @ApiPropertyOptional({
    type: [Number],
    example: [472, 459],
    description: 'final scores: the player who moved first, then the other (a game played)',
  })
  @ValidateIf((o: EnterResultDto) => !isForfeit(o))
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsInt({ each: true })
  @Min(-1000, { each: true })
  @Max(5000, { each: true })
  scores?: number[];

  @ApiPropertyOptional({
    type: [String],
    example: ['03:24', '05:12'],
    pattern: '^-?\\d{1,3}:[0-5]\\d$',
    description:
      'remaining clocks (mm:ss) after penalties, same order as the scores (a game played)',
  })
  @ValidateIf((o: EnterResultDto) => !isForfeit(o))
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsClock({ each: true })
  clocks?: string[];

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
