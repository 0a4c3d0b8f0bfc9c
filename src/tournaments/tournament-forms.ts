import { RULE_SETS } from '../engine';
import {
  Choice,
  DateField,
  Flag,
  Int,
  Raw,
  RawList,
  RawSeries,
  ReadIf,
  Text,
} from '../web/form-dto';
import { SYSTEMS } from './systems';

/** How many rounds a pairing may lag: round N + 1 from the standings after round N − lag. */
export const PAIRING_LAGS = ['0', '1', '2'] as const;

/** The sizes of a table a division may seat (its place points are asked per size). */
const TABLE_SIZES = [2, 3, 4, 5, 6, 7, 8];

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

/** What the division settings' form depends on: byes and tables are fixed once a round is paired. */
export interface DivisionSettingsAsked {
  locked: boolean;
}

const unlocked = (_form: unknown, division: DivisionSettingsAsked) => !division.locked;

/**
 * A division's settings (read with {@link DivisionSettingsAsked}: the bye's spread and the table
 * size only while no round is paired). The place points of the table sizes (`placePoints2` …
 * `placePoints8`) and the tie-breaks' places (`tieBreak`, one per place) as sent, checked by
 * the handler; `confirm` once the page has listed the changes.
 */
export class DivisionSettingsForm {
  @Int(1, 100, { required: true }) rounds!: number | null;
  @Choice(SYSTEMS) system!: (typeof SYSTEMS)[number] | null;
  @ReadIf(unlocked)
  @Int(0, 1000, { required: true })
  byeSpread!: number | null;
  @Int(1, 10000) spreadCap!: number | null;
  @Int(0, 100) kothLastRounds!: number | null;
  @Int(1, 100) maxMeetings!: number | null;
  @Choice(PAIRING_LAGS, '0') pairingLag!: (typeof PAIRING_LAGS)[number];
  @ReadIf(unlocked)
  @Int(2, 8)
  tableSize!: number | null;
  @RawSeries(TABLE_SIZES, (n) => `placePoints${n}`) placePoints!: Partial<Record<number, string>>;
  @RawList() tieBreak!: string[];
  @Flag() avoidSameClub!: boolean;
  @Flag() gibsonize!: boolean;
  @Flag() confirm!: boolean;
  /** The version the page was built from, read by the handler (not a whole number: none). */
  @Raw() version!: string;
}
