import type { Lang, MessageKey } from '../i18n';
import { t } from '../i18n';
import type { TshProblem } from './tsh';

/** A problem of a TSH file in words: `line 4, scores: …` in the page's language (the API's: English). */
export function tshProblemMessage(lang: Lang, p: TshProblem): string {
  const where =
    p.line === 0
      ? t(lang, 'tsh.where.file')
      : t(lang, 'tsh.where.line', {
          line: p.line,
          field: t(lang, `tsh.field.${p.field}` as MessageKey),
        });
  return `${where}: ${t(lang, `tsh.problem.${p.code}` as MessageKey, p.params)}`;
}

/** The first problems in one sentence, and how many more there are. */
export function tshProblemsSummary(lang: Lang, problems: TshProblem[], shown = 10): string {
  const text = problems
    .slice(0, shown)
    .map((p) => tshProblemMessage(lang, p))
    .join('; ');
  return problems.length > shown
    ? `${text}; ${t(lang, 'tsh.more', { n: problems.length - shown })}`
    : text;
}
