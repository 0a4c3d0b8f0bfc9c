import { formatPoints, formatSpread, Lang, MessageKey, t } from '../i18n';
import type { ScorecardKind, ScorecardLine, WallChartCell } from '../standings';

/** A running record: game points – losses (`2½–1½`). */
export function recordText(wins: number, losses: number): string {
  return `${formatPoints(wins)}–${formatPoints(losses)}`;
}

const SHORT: Record<ScorecardKind, MessageKey | null> = {
  win: 'result.winShort',
  draw: 'result.drawShort',
  loss: 'result.lossShort',
  bye: 'result.byeShort',
  'forfeit-win': 'result.forfeitWinShort',
  'forfeit-loss': 'result.forfeitLossShort',
  'double-forfeit': 'result.doubleForfeitShort',
  absent: 'result.absentShort',
  'not-paired': 'result.notPairedShort',
  'not-joined': null,
  pending: null,
};

/** The outcome as a wall chart cell writes it: `P`, `Ik`, `izost.`; empty while pending. */
export function kindShort(lang: Lang, kind: ScorecardKind): string {
  const key = SHORT[kind];
  return key ? t(lang, key) : '';
}

/** What a scorecard line says in the result column: `pobeda`, `poraz (kontumacijom)`, `obostrana kontumacija`, `izostao`. */
export function kindWords(lang: Lang, kind: ScorecardKind): string {
  switch (kind) {
    case 'win':
    case 'loss':
    case 'draw':
    case 'bye':
    case 'pending':
    case 'absent':
    case 'not-joined':
    case 'not-paired':
      return t(lang, `result.${kind}`);
    case 'forfeit-win':
      return `${t(lang, 'result.win')} (${t(lang, 'reason.forfeit')})`;
    case 'forfeit-loss':
      return `${t(lang, 'result.loss')} (${t(lang, 'reason.forfeit')})`;
    case 'double-forfeit':
      // A loss for both; the words say so.
      return t(lang, 'reason.double-forfeit');
  }
}

/** The CSS class of an outcome (`win`, `loss`, `draw`, `bye`), or `''`. */
export function kindClass(kind: ScorecardKind): string {
  switch (kind) {
    case 'win':
    case 'forfeit-win':
      return 'win';
    case 'loss':
    case 'forfeit-loss':
    case 'double-forfeit':
      return 'loss';
    case 'draw':
      return 'draw';
    case 'bye':
      return 'bye';
    case 'pending':
    case 'absent':
    case 'not-joined':
    case 'not-paired':
      return '';
  }
}

/** Who moved first, in words: `prvi`, `drugi`; empty when not known. */
export function orderWord(lang: Lang, first: boolean | null): string {
  return first === null ? '' : t(lang, first ? 'scorecard.first' : 'scorecard.second');
}

/** A line's spread as shown: `+150 (+312)` when the cap cut it, `+40`, `` when none counts. */
export function lineSpreadText(
  line: Pick<ScorecardLine, 'spread' | 'gameSpread' | 'capped'>,
): string {
  if (line.spread === null) return '';
  const counted = formatSpread(line.spread);
  return line.capped && line.gameSpread !== null
    ? `${counted} (${formatSpread(line.gameSpread)})`
    : counted;
}

/** A wall chart cell's two lines: `●P 12` and `3–1 +120`; both empty before the player joined. */
export function wallCellText(lang: Lang, cell: WallChartCell): { top: string; bottom: string } {
  if (cell.kind === 'not-joined') return { top: '', bottom: '' };
  const mark = cell.first ? '●' : '';
  const short = kindShort(lang, cell.kind);
  const opponent = cell.opponentSeed === null ? '' : String(cell.opponentSeed);
  const top = `${mark}${short}${short && opponent ? ' ' : ''}${opponent}`;
  const bottom =
    cell.kind === 'pending'
      ? ''
      : `${recordText(cell.wins, cell.losses)} ${formatSpread(cell.runningSpread)}`;
  return { top, bottom };
}
