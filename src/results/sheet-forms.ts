import { Int, Pasted, Raw } from '../web/form-dto';

/**
 * What a score-sheet page posts beside the sheet's rows (read by `formFromBody`): the button
 * pressed, `intent` (`verify`, `more`, `import`, `save`, `save-unfinished`), and the JSON or GCG
 * text to fill the form from, `import`. The judges' sheet of a game, the sheet checked without a
 * game and a table's sheet post it alike.
 */
export class SheetPostForm {
  @Raw() intent!: string;
  @Pasted() import!: string;
}

/**
 * A game's sheet as the judges post it: also the game's `version` the page was built from, and
 * the `draftVersion` of the draft the rows are based on.
 */
export class GameSheetForm extends SheetPostForm {
  @Int(0, 999_999_999) version!: number | null;
  @Int(0, 999_999_999) draftVersion!: number | null;
}
