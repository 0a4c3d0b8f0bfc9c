import type { VerificationReport } from '../engine/report/report';
import { compileRules } from '../engine/rules/compiled';
import type { RuleOptions } from '../engine/rules/ruleset';
import { findRuleSet } from '../engine/rules/rulesets';
import { Lang, t } from '../i18n';
import { boardInputFor, buildBoardModel } from './board-model';
import { boardLegend, renderBoardSvg } from './board-svg';
import { buildCardGridModel, cardGridLegend, renderCardGridSvg } from './card-grid';
import { boundReport } from './report-bounds';
import { presentReport } from './report-view';
import type { GameReportSection } from './view-models';

/**
 * The report part of the game and score-sheet pages: the translated turns
 * and findings, the board SVG with every finding's squares outlined, and
 * the legend. A card game shows its last recorded grid, or says that none
 * was recorded.
 */
export function gameReportSection(
  whole: VerificationReport,
  lang: Lang,
  options: { rules?: string; ruleOptions?: RuleOptions; highlight?: readonly string[] } = {},
): GameReportSection {
  const presentation = presentReport(whole, lang, { ruleOptions: options.ruleOptions });
  // Squares outlined besides the findings' own (the judge's form outlines flagged plays).
  if (presentation.tone === 'bad' && (options.highlight?.length ?? 0) > 0)
    presentation.verdict = t(lang, 'game.notOk');
  const { report } = boundReport(whole);
  const rulesId = options.rules ?? report.rules;
  const ruleSet = findRuleSet(rulesId);
  const cards = ruleSet?.cards && compileRules(ruleSet, options.ruleOptions).ruleSet.cards;
  if (cards) {
    const grid = buildCardGridModel(cards, report.board, presentation.highlight);
    return {
      report: presentation,
      boardSvg: grid ? renderCardGridSvg(grid, { lang }) : null,
      boardNote: grid ? null : t(lang, 'board.noGrid'),
      legend: grid ? cardGridLegend(grid, lang) : [],
    };
  }
  const model = buildBoardModel(
    boardInputFor(rulesId, report.board, {
      options: options.ruleOptions,
      highlight: options.highlight
        ? [...presentation.highlight, ...options.highlight]
        : presentation.highlight,
      ownership: report.ownership,
      players: report.players.map((p) => p.name),
    }),
  );
  return {
    report: presentation,
    boardSvg: renderBoardSvg(model, { lang }),
    boardNote: null,
    legend: boardLegend(model, lang),
  };
}
