import type { Lang } from '../i18n';
import type { ScorecardLineView } from './division-page-models';
import {
  kindClass,
  kindWords,
  lineSpreadText,
  orderWord,
  recordText,
  wallCellText,
} from '../render/scorecard-view';
import type { DivisionScorecards } from './scorecards';
import { urls } from '../web/urls';

/** A player's scorecard lines as the page and the PDF show them (no table or game link yet). */
export function scorecardLines(
  lang: Lang,
  cards: DivisionScorecards,
  playerId: string,
): ScorecardLineView[] {
  const card = cards.cards.get(playerId);
  if (!card) return [];
  return card.lines.map((l) => {
    const opponent = l.opponent === null ? undefined : cards.players.get(l.opponent);
    return {
      round: l.round,
      opponent: opponent
        ? { name: opponent.name, url: urls.player(opponent.id), seed: opponent.seed }
        : null,
      order: orderWord(lang, l.first),
      outcome: kindClass(l.kind),
      result: kindWords(lang, l.kind),
      score: l.score,
      opponentScore: l.opponentScore,
      spreadText: lineSpreadText(l),
      record: l.kind === 'not-joined' ? '' : recordText(l.wins, l.losses),
      runningSpread: l.runningSpread,
    };
  });
}

/** The wall chart's rows (seed order) with their cells' texts. */
export function wallChartRows(
  lang: Lang,
  cards: DivisionScorecards,
): {
  id: number;
  seed: number;
  name: string;
  active: boolean;
  record: string;
  spread: number;
  cells: { top: string; bottom: string; outcome: string }[];
}[] {
  return cards.chart.map((row) => {
    const p = cards.players.get(row.playerId)!;
    return {
      id: p.id,
      seed: row.seed,
      name: p.name,
      active: p.active,
      record: recordText(row.wins, row.losses),
      spread: row.spread,
      cells: row.cells.map((c) => ({ ...wallCellText(lang, c), outcome: kindClass(c.kind) })),
    };
  });
}
