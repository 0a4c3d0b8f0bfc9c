import { readFileSync } from 'fs';
import {
  compileRules,
  decodeGcg,
  findRuleSet,
  gcgToScoresheet,
  parseGcg,
  renderReportText,
  Scoresheet,
  scoresheetToGcg,
  readScoresheet,
  verifyScoresheet,
  VerificationReport,
  WordList,
  writeGcg,
} from '../engine';
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
  /** Rule set of a GCG file (default: its #game-type, else scrabble-en). */
  rules?: string;
}

/**
 * `verify FILE`: 0 when the sheet agrees with the rules, 1 when it has
 * discrepancies, 2 when the file cannot be read (with the line and field).
 */
export function verifyFile(file: string, options: VerifyCommandOptions): CommandResult {
  const loaded = loadSheet(file, options.rules);
  if (!loaded.ok) return { exitCode: 2, stdout: '', stderr: loaded.message };
  const { sheet, report } = loaded.verify(options.wordsFor);
  const stdout = options.json
    ? JSON.stringify(report, null, 2) + '\n'
    : renderReportText(report, {
        color: options.color,
        layout: compileRules(findRuleSet(sheet.rules)!, sheet.options).layout,
      });
  return { exitCode: report.ok ? 0 : 1, stdout, stderr: '' };
}

/** `gcg FILE`: a score sheet written as GCG, with computed scores (exit 1 if it has discrepancies). */
export function gcgFile(
  file: string,
  options: Pick<VerifyCommandOptions, 'wordsFor'>,
): CommandResult {
  const loaded = loadSheet(file);
  if (!loaded.ok) return { exitCode: 2, stdout: '', stderr: loaded.message };
  const { sheet, report } = loaded.verify(options.wordsFor);
  if (findRuleSet(sheet.rules)?.cards) {
    return {
      exitCode: 2,
      stdout: '',
      stderr: `${file}: ${sheet.rules} is a card game; GCG records crossword games\n`,
    };
  }
  const warning = report.ok
    ? ''
    : `${file}: the sheet disagrees with the rules; the GCG has the computed scores\n`;
  return {
    exitCode: report.ok ? 0 : 1,
    stdout: writeGcg(scoresheetToGcg(sheet, report)),
    stderr: warning,
  };
}

type Loaded =
  | {
      ok: true;
      verify: (wordsFor?: (rulesId: string) => WordList | null) => {
        sheet: Scoresheet;
        report: VerificationReport;
      };
    }
  | { ok: false; message: string };

/** Reads a score sheet (JSON) or a GCG record; errors name the line and field. */
function loadSheet(file: string, rules?: string): Loaded {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    const reason =
      (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message;
    return { ok: false, message: `${file}: cannot read the file: ${reason}\n` };
  }
  if (/\.gcg$/i.test(file)) {
    const parsed = parseGcg(decodeGcg(bytes));
    if (!parsed.ok) {
      return {
        ok: false,
        message: parsed.errors.map((e) => `${file}:${e.line}: ${e.message}`).join('\n') + '\n',
      };
    }
    const converted = gcgToScoresheet(parsed.game, rules);
    if (!converted.ok) {
      return {
        ok: false,
        message:
          converted.errors
            .map((e) => `${file}${e.line ? `:${e.line}` : ''}: ${e.message}`)
            .join('\n') + '\n',
      };
    }
    const doc: unknown = JSON.parse(JSON.stringify(converted.value.sheet));
    const lines = converted.value.turnLines;
    return fromDocument(
      doc,
      (path) =>
        path[0] === 'turns' && typeof path[1] === 'number' ? (lines[path[1]] ?? null) : null,
      file,
    );
  }
  const parsed = parseJsonWithLines(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  if (!parsed.ok) return { ok: false, message: formatLocated(file, parsed.errors) + '\n' };
  return fromDocument(parsed.value, parsed.lineOf, file);
}

function fromDocument(
  doc: unknown,
  lineOf: (path: (string | number)[]) => number | null,
  file: string,
): Loaded {
  // Read once for the structural errors and the rule set, then replay once with that rule set's words.
  const read = readScoresheet(doc);
  if (!read.ok)
    return { ok: false, message: formatLocated(file, locate(read.errors, lineOf)) + '\n' };
  const { sheet } = read;
  return {
    ok: true,
    verify: (wordsFor) => ({
      sheet,
      report: verifyScoresheet(sheet, { words: wordsFor ? wordsFor(sheet.rules) : null }),
    }),
  };
}
