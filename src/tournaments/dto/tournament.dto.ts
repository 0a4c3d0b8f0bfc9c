import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  Validate,
  ValidationArguments,
  ValidatorConstraint,
  ValidatorConstraintInterface,
  ValidateIf,
} from 'class-validator';
import { RULE_SETS } from '../../engine';
import { isPlacePointsTable } from '../../standings/placements';
import { PAIRING_SYSTEMS, PairingSystem, TIE_BREAKS, TieBreak } from '../systems';
import { IsName, PRINTABLE } from '../../common/api/text';
import { isTimeZone } from '../../i18n/time';

const RULE_SET_IDS = Object.keys(RULE_SETS);

/** A calendar day, `YYYY-MM-DD`, that exists. */
const IsDay = (): PropertyDecorator => (target, key) => {
  Matches(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, {
    message: `${String(key)} must be a day written YYYY-MM-DD`,
  })(target, key);
  Validate(RealDay)(target, key);
};

@ValidatorConstraint({ name: 'realDay' })
class RealDay implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'string') return false;
    const d = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
  }
  defaultMessage(args: ValidationArguments): string {
    return `${args.property} is not a day of the calendar`;
  }
}

/** An IANA time zone `Intl` knows (`Europe/Belgrade`), or null: the server's. */
const IsTimeZoneOrNull = (): PropertyDecorator => (target, key) => {
  ValidateIf((o: Record<string | symbol, unknown>) => o[key] !== undefined && o[key] !== null)(
    target,
    key,
  );
  Validate(KnownTimeZone)(target, key);
};

@ValidatorConstraint({ name: 'knownTimeZone' })
class KnownTimeZone implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && value.length <= 64 && isTimeZone(value);
  }
  defaultMessage(args: ValidationArguments): string {
    return `${args.property} must be a time zone of the IANA database such as Europe/Belgrade or America/New_York, or null for the server's`;
  }
}

const TIME_ZONE_DOC = {
  type: String,
  nullable: true,
  maxLength: 64,
  example: 'Europe/Belgrade',
  description:
    "the IANA time zone the tournament's pages show times of day and dates in (where it is played); null: the server's (TIME_ZONE)",
} as const;

/**
 * Points of each place by table size: keys "2" to "8", each a list as long as its key of
 * numbers from 0 to 100 in halves, none higher than the one before.
 */
@ValidatorConstraint({ name: 'placePointsTable' })
class PlacePointsTable implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return isPlacePointsTable(value);
  }
  defaultMessage(): string {
    return 'placePoints must map a table size ("2" to "8") to that many points, first place first, none rising, each from 0 to 100 in halves, e.g. { "3": [3, 1.5, 0] }';
  }
}

/** A division's rules, each optional: what a change names, or a new division takes over. */
export class DivisionSettingsDto {
  @ApiPropertyOptional({ enum: RULE_SET_IDS })
  @ValidateIf((o: DivisionSettingsDto) => o.ruleSet !== undefined)
  @IsIn(RULE_SET_IDS)
  ruleSet?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @ValidateIf((o: DivisionSettingsDto) => o.options !== undefined)
  @IsObject()
  options?: Record<string, unknown>;

  @ApiPropertyOptional({ minimum: 1, maximum: 100 })
  @ValidateIf((o: DivisionSettingsDto) => o.rounds !== undefined)
  @IsInt()
  @Min(1)
  @Max(100)
  rounds?: number;

  @ApiPropertyOptional({ enum: PAIRING_SYSTEMS, isArray: true })
  @ValidateIf((o: DivisionSettingsDto) => o.pairingPlan !== undefined)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsIn(PAIRING_SYSTEMS, { each: true })
  pairingPlan?: PairingSystem[];

  @ApiPropertyOptional({ enum: TIE_BREAKS, isArray: true })
  @ValidateIf((o: DivisionSettingsDto) => o.tieBreaks !== undefined)
  @IsArray()
  @ArrayMaxSize(TIE_BREAKS.length)
  @ArrayUnique()
  @IsIn(TIE_BREAKS, { each: true })
  tieBreaks?: TieBreak[];

  @ApiPropertyOptional({ minimum: 0, maximum: 1000 })
  @ValidateIf((o: DivisionSettingsDto) => o.byeSpread !== undefined)
  @IsInt()
  @Min(0)
  @Max(1000)
  byeSpread?: number;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 1000,
    description: 'spread a single forfeit counts for: + to the player present, − to the absent one',
  })
  @ValidateIf((o: DivisionSettingsDto) => o.forfeitSpread !== undefined)
  @IsInt()
  @Min(0)
  @Max(1000)
  forfeitSpread?: number;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: 10000,
    description:
      'the most spread one game counts for in the standings, either way; null for no cap',
  })
  @ValidateIf((o: DivisionSettingsDto) => o.spreadCap !== undefined && o.spreadCap !== null)
  @IsInt()
  @Min(1)
  @Max(10000)
  spreadCap?: number | null;

  @ApiPropertyOptional({
    description: 'pair players of one club with each other only when nothing else is possible',
  })
  @IsOptional()
  @IsBoolean()
  avoidSameClub?: boolean;

  @ApiPropertyOptional({
    description:
      'pair a leader who can no longer be caught with the highest-ranked player out of the race for second place',
  })
  @IsOptional()
  @IsBoolean()
  gibsonize?: boolean;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 100,
    description: 'the last this many rounds are paired King of the Hill (0: none)',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100)
  kothLastRounds?: number;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: 100,
    description:
      'the most times two players may meet (1: never a rematch); Swiss and King of the Hill keep under it as far as possible and count the pairs they could not; null for no limit',
  })
  @ValidateIf((o: DivisionSettingsDto) => o.maxMeetings !== undefined && o.maxMeetings !== null)
  @IsInt()
  @Min(1)
  @Max(100)
  maxMeetings?: number | null;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 2,
    default: 0,
    description:
      'pairing with a lag: round N+1 is paired from the standings after round N minus this (0: after round N, every earlier result in; 1: after round N-1, so that round N need not have every result in). Swiss and King of the Hill rank by those standings; every game paired counts as met',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2)
  pairingLag?: number;

  @ApiPropertyOptional({
    minimum: 2,
    maximum: 8,
    default: 2,
    description:
      "seats a table: 2 for games of pairs; 3 or 4 for the target-score variant (scrabble-target) and Quivit (up to 8), whose rounds are seated at tables and ranked by place. At most the rule set's players; fixed once a round is paired",
  })
  @IsOptional()
  @IsInt()
  @Min(2)
  @Max(8)
  tableSize?: number;

  @ApiPropertyOptional({
    type: 'object',
    nullable: true,
    additionalProperties: { type: 'array', items: { type: 'number' } },
    example: { '3': [3, 1.5, 0] },
    description:
      'a division at tables: match points of each place by table size, first place first, none rising, halves allowed (3/1.5/0 weighs a table of three as one of four); a size left out earns a point for each player finished ahead of; null for that default everywhere',
  })
  @ValidateIf((o: DivisionSettingsDto) => o.placePoints !== undefined && o.placePoints !== null)
  @Validate(PlacePointsTable)
  placePoints?: Record<string, number[]> | null;
}

/**
 * A new tournament: its name, place and days, its divisions' names, and the settings they
 * start with (rule set and rounds required; the rest as a division's settings, optional).
 */
export class CreateTournamentDto extends OmitType(DivisionSettingsDto, [
  'ruleSet',
  'rounds',
] as const) {
  @ApiProperty({ example: 'Beogradski kup 2026', maxLength: 200 })
  @IsName(200)
  name: string;

  @ApiPropertyOptional({ example: 'Beograd', maxLength: 200 })
  @IsOptional()
  @IsName(200)
  place?: string;

  @ApiPropertyOptional({ example: '2026-12-05', description: 'first day, YYYY-MM-DD' })
  @IsOptional()
  @IsDay()
  startDate?: string;

  @ApiPropertyOptional({
    example: '2026-12-06',
    description: 'last day, YYYY-MM-DD; not before the first',
  })
  @IsOptional()
  @IsDay()
  endDate?: string;

  @ApiPropertyOptional(TIME_ZONE_DOC)
  @IsTimeZoneOrNull()
  timeZone?: string | null;

  @ApiProperty({ enum: RULE_SET_IDS, example: 'kvizovka', description: 'a rule set of the engine' })
  @IsIn(RULE_SET_IDS)
  ruleSet: string;

  @ApiProperty({ minimum: 1, maximum: 100, example: 7, description: 'number of rounds' })
  @IsInt()
  @Min(1)
  @Max(100)
  rounds: number;

  @ApiPropertyOptional({
    type: [String],
    example: ['A', 'B'],
    description: 'names of the divisions to create (default: one division, "Open")',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @ArrayUnique()
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(100, { each: true })
  @Matches(PRINTABLE, { each: true, message: 'divisions must not contain control characters' })
  divisions?: string[];
}

/** What a change to settings that a running division plays by must say. */
class ConfirmableDto extends DivisionSettingsDto {
  @ApiPropertyOptional({
    description:
      'true to change the rounds, pairing plan, tie-breaks or forfeit spread of a division that has paired rounds (without it, 409 CONFIRMATION_NEEDED lists what would change)',
  })
  @IsOptional()
  @IsBoolean()
  confirm?: boolean;
}

/**
 * A tournament's name, and settings for every division: the settings also become those a new
 * division starts from.
 */
export class UpdateTournamentDto extends ConfirmableDto {
  @ApiPropertyOptional({ maxLength: 200 })
  @ValidateIf((o: UpdateTournamentDto) => o.name !== undefined)
  @IsName(200)
  name?: string;

  @ApiPropertyOptional(TIME_ZONE_DOC)
  @IsTimeZoneOrNull()
  timeZone?: string | null;
}

/** A new division: its name, and any setting that differs from the tournament's. */
export class DivisionDto extends DivisionSettingsDto {
  @ApiProperty({ example: 'A', maxLength: 100 })
  @IsName(100)
  name: string;
}

/** A division's new name or settings. */
export class UpdateDivisionDto extends ConfirmableDto {
  @ApiPropertyOptional({ example: 'A', maxLength: 100 })
  @ValidateIf((o: UpdateDivisionDto) => o.name !== undefined)
  @IsName(100)
  name?: string;
}

/** A new tournament with another's divisions and rules: its own name, place and days. */
export class CopyTournamentDto {
  @ApiProperty({ example: 'Beogradski kup 2027', maxLength: 200 })
  @IsName(200)
  name: string;

  @ApiPropertyOptional({ example: 'Beograd', maxLength: 200 })
  @IsOptional()
  @IsName(200)
  place?: string;

  @ApiPropertyOptional({ example: '2027-12-04', description: 'first day, YYYY-MM-DD' })
  @IsOptional()
  @IsDay()
  startDate?: string;

  @ApiPropertyOptional({ example: '2027-12-05', description: 'last day, YYYY-MM-DD' })
  @IsOptional()
  @IsDay()
  endDate?: string;

  @ApiPropertyOptional({
    description:
      'true to register every player of each division again (name, club, rating, seed), all active from round 1',
  })
  @IsOptional()
  @IsBoolean()
  players?: boolean;
}
