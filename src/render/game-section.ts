import type { VerificationReport } from '../engine/report';
import type { RuleOptions } from '../engine/ruleset';
import type { Lang } from '../i18n';
import { boardInputFor, buildBoardModel } from './board-model';
import { boardLegend, renderBoardSvg } from './board-svg';
import { presentReport } from './report-view';
import type { GameReportSection } from './view-models';

/**
 * The report part of the game and score-sheet pages: the translated turns
 * and findings, the board SVG with every finding's squares outlined, and
 * the legend.
 */
export function gameReportSection(
  report: VerificationReport,
  lang: Lang,
  options: { rules?: string; ruleOptions?: RuleOptions } = {},
): GameReportSection {
  const presentation = presentReport(report, lang);
  const model = buildBoardModel(
    boardInputFor(options.rules ?? report.rules, report.board, {
      options: options.ruleOptions,
      highlight: presentation.highlight,
    }),
  );
  return {
    report: presentation,
    boardSvg: renderBoardSvg(model, { lang }),
    legend: boardLegend(model, lang),
  };
}
