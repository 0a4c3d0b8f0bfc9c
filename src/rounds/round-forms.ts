import { SYSTEMS } from '../tournaments/systems';
import { Choice, Int } from '../web/form-dto';

/** Pairs the next round by `system`; `round` is the round the page offered (a double submit). */
export class PairRoundForm {
  @Choice(SYSTEMS) system!: (typeof SYSTEMS)[number] | null;
  @Int(1, 100, { required: true }) round!: number | null;
}

/** Swaps two players (ids) between the round's tables. */
export class SwapForm {
  @Int(1, 2_147_483_647, { required: true }) playerA!: number | null;
  @Int(1, 2_147_483_647, { required: true }) playerB!: number | null;
}
