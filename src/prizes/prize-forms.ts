import { Flag, Raw, RawSeries } from '../web/form-dto';
import { AWARD_KINDS } from './prize-table';
import type { AwardKind } from './prizes';

/** The places the form has fields for (`place1` … `place50`). */
export const PRIZE_PLACES = 50;
/** The class prizes the form has rows for (`class1Name` … `class10Prizes`). */
export const PRIZE_CLASSES = 10;

const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/**
 * A tournament's prize table as the organiser's form sends it, every field as typed: the prize
 * texts are read by the handler (`prizeFromText`) and the table checked by the prizes' rules.
 * The places and the classes by their number from 1, the awards by their kind.
 */
export class PrizeTableForm {
  @Raw() currency!: string;
  @Flag() onePrizePerPlayer!: boolean;
  @RawSeries(upTo(PRIZE_PLACES), (n) => `place${n}`) places!: Record<number, string>;
  @RawSeries(upTo(PRIZE_CLASSES), (n) => `class${n}Name`) classNames!: Record<number, string>;
  @RawSeries(upTo(PRIZE_CLASSES), (n) => `class${n}Below`) classBelows!: Record<number, string>;
  @RawSeries(upTo(PRIZE_CLASSES), (n) => `class${n}Prizes`) classPrizes!: Record<number, string>;
  /** A kind's box: given when its field is sent (not empty). */
  @RawSeries(AWARD_KINDS, (kind) => `award-${kind}`) awards!: Record<AwardKind, string>;
  @RawSeries(AWARD_KINDS, (kind) => `award-${kind}-prize`) awardPrizes!: Record<AwardKind, string>;
  /** The table's version the page was built from; not a whole number: none. */
  @Raw() version!: string;
}
