import { Flag, Int } from '../web/form-dto';

/** Merges a person `into` another (the one who stays); `confirm` after the preview. */
export class MergeForm {
  @Int(1, 2_147_483_647, { required: true }) into!: number | null;
  @Flag() confirm!: boolean;
}
