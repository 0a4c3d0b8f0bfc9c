import { Choice, Int, ReadWhen, Text } from '../web/form-dto';

/** A table confirms the sheet it sent (`submission`). */
export class ConfirmSheetForm {
  @Int(1, 2_147_483_647, { required: true }) submission!: number | null;
}

/** The chief judge's desk: `accept` a sheet sent from a table, or `return` it with a `note`. */
export class DeskActionForm {
  @Int(1, 2_147_483_647, { required: true }) submission!: number | null;
  @Choice(['accept', 'return'] as const) action!: 'accept' | 'return' | null;
  @ReadWhen('action', 'return')
  @Text({ max: 500, required: true })
  note!: string | null;
}
