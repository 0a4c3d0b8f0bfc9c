export { gameRecordPdf } from './game-record';
export { pairingsPdf } from './pairings';
export { scoreSheetsPdf, writeScoreSheets } from './score-sheets';
export { crossTablePdf, standingsPdf } from './standings';
export { FONT_FILES, findFontsDir } from './fonts';
export type * from './types';
export { scorecardsPdf, wallChartPdf } from './scorecards';
export type {
  PdfScorecard,
  PdfScorecardLine,
  ScorecardsDocument,
  WallChartDocument,
} from './scorecards';
export {
  metTablePdf,
  tablePairingsPdf,
  tableScorecardsPdf,
  tableScoreSheetsPdf,
  tableStandingsPdf,
  writeTableScoreSheets,
} from './tables';
export type {
  MetGridDocument,
  PdfTableCard,
  PdfTableLine,
  TablePairingsDocument,
  TableScorecardsDocument,
  TableSheetsDocument,
  TableStandingsDocument,
  TableStandingsLine,
} from './tables';
