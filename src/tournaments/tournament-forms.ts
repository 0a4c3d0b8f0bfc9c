import { RULE_SETS } from '../engine';
import { Choice, DateField, Flag, Int, Raw, Text } from '../web/form-dto';
import { SYSTEMS } from './systems';

/** A new tournament: its name, place and days. */
export class NewTournamentForm {
  @Text({ max: 200, required: true }) name!: string | null;
  @Text({ max: 200 }) place!: string | null;
  @DateField() startDate!: string | null;
  @DateField() endDate!: string | null;
}

/** A new division: its name and the rules it is played by (its own, not the others'). */
export class NewDivisionForm {
  @Text({ max: 100, required: true }) name!: string | null;
  @Choice(Object.keys(RULE_SETS)) rules!: string | null;
  @Choice(SYSTEMS) system!: (typeof SYSTEMS)[number] | null;
  @Int(1, 100, { required: true }) rounds!: number | null;
  @Int(1, 600) clockMinutes!: number | null;
  @Int(0, 1000) byeSpread!: number | null;
  @Int(0, 1000) forfeitSpread!: number | null;
  @Int(1, 10000) spreadCap!: number | null;
}

/** A copy of a tournament under `copyName`, with its players when `copyPlayers` is ticked. */
export class CopyTournamentForm {
  @Text({ max: 200, required: true }) copyName!: string | null;
  @Flag() copyPlayers!: boolean;
}

/** A tournament's time zone (empty: the server's), checked by the handler; the version read. */
export class TimeZoneForm {
  @Raw() timeZone!: string;
  @Int(0, 999_999_999) version!: number | null;
}
