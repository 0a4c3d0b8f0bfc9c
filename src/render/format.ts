import { formatClock, formatPoints, formatSpread, Lang, MessageKey, t } from '../i18n';
import type { TieBreak } from '../standings/types';
import type { CrossCell } from './pdf/types';

/** A tie-break value as shown in a standings table. */
export function formatTieBreak(tieBreak: TieBreak, value: number): string {
  switch (tieBreak) {
    case 'spread':
      return formatSpread(value);
    case 'remaining-time':
      return formatClock(value);
    case 'buchholz':
      return formatPoints(value);
    case 'head-to-head':
    case 'total-score':
    case 'cards':
      return String(value);
    case 'seed':
      return String(-value);
  }
}

/**
 * A standings row's remaining time as the tables show it: null (a dash) while the player has no
 * game with a result and no bye, rather than a time of 00:00 nobody played.
 */
export function remainingShown(r: {
  gamesPlayed: number;
  byes: number;
  remainingSeconds: number;
}): number | null {
  return r.gamesPlayed + r.byes > 0 ? r.remainingSeconds : null;
}

/** A remaining time of the standings: `mm:ss`, or a dash for none yet. */
export function remainingText(seconds: number | null): string {
  return seconds === null ? '–' : formatClock(seconds);
}

const OUTCOME_SHORT: Record<CrossCell['outcome'], MessageKey | null> = {
  win: 'result.winShort',
  draw: 'result.drawShort',
  loss: 'result.lossShort',
  bye: 'result.byeShort',
  pending: null,
};

/** One-letter outcome: `P`/`W`, `N`/`D`, `I`/`L`, `S`/`B`; empty while pending. */
export function outcomeShort(lang: Lang, outcome: CrossCell['outcome']): string {
  const key = OUTCOME_SHORT[outcome];
  return key ? t(lang, key) : '';
}

/** A cross-table cell as text: `●12P 412:380`, `S`, `7` while pending. */
export function crossCellText(lang: Lang, cell: CrossCell | null): string {
  if (!cell) return '';
  if (cell.outcome === 'bye') return outcomeShort(lang, 'bye');
  const first = cell.first ? '●' : '';
  const opp = cell.opponentRank === null ? '' : String(cell.opponentRank);
  const scores =
    typeof cell.score === 'number' && typeof cell.opponentScore === 'number'
      ? ` ${cell.score}:${cell.opponentScore}`
      : '';
  const onTime = cell.onTime ? t(lang, 'crosstable.onTime') : '';
  return `${first}${opp}${outcomeShort(lang, cell.outcome)}${onTime}${scores}`;
}

export { formatClock, formatPoints, formatSpread };
