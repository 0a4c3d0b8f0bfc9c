import { readFileSync } from 'fs';
import { compileRules, findRuleSet, renderReportText, verifyDocument, WordList } from '../engine';
import { formatLocated, locate, parseJsonWithLines } from './read-sheet';

/** What a command prints and the exit status it ends with. */
export interface CommandResult {
  exitCode: 0 | 1 | 2;
  stdout: string;
  stderr: string;
}

/** Options of `verify`. */
export interface VerifyCommandOptions {
  json: boolean;
  color: boolean;
  /** The word list for the sheet's rule set, if any. */
  wordsFor?: (rulesId: string) => WordList | null;
}

/**
 * `verify FILE`: 0 when the sheet agrees with the rules, 1 when it has
 * discrepancies, 2 when the file cannot be read (with the line and field).
 */
export function verifyFile(file: string, options: VerifyCommandOptions): CommandResult {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const reason =
      (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message;
    return { exitCode: 2, stdout: '', stderr: `${file}: cannot read the file: ${reason}\n` };
  }
  if (/\.gcg$/i.test(file)) {
    return {
      exitCode: 2,
      stdout: '',
      stderr: `${file}: GCG records are read once the Scrabble rule sets are in (they are not yet); give a scoresheet/1 JSON file\n`,
    };
  }
  const parsed = parseJsonWithLines(text.replace(/^\uFEFF/, ''));
  if (!parsed.ok)
    return { exitCode: 2, stdout: '', stderr: formatLocated(file, parsed.errors) + '\n' };
  const rulesId = (parsed.value as { rules?: unknown })?.rules;
  const words = typeof rulesId === 'string' && options.wordsFor ? options.wordsFor(rulesId) : null;
  const verified = verifyDocument(parsed.value, { words });
  if (!verified.ok) {
    return {
      exitCode: 2,
      stdout: '',
      stderr: formatLocated(file, locate(verified.errors, parsed.lineOf)) + '\n',
    };
  }
  const { report, sheet } = verified;
  const stdout = options.json
    ? JSON.stringify(report, null, 2) + '\n'
    : renderReportText(report, {
        color: options.color,
        layout: compileRules(findRuleSet(sheet.rules)!, sheet.options).layout,
      });
  return { exitCode: report.ok ? 0 : 1, stdout, stderr: '' };
}
