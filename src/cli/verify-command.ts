import { readdirSync, readFileSync, statSync } from 'fs';
import { join } from 'path';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../common/body/json-nesting';
import {
  compileRules,
  decodeGcg,
  findRuleSet,
  gcgToScoresheet,
  parseGcg,
  Scoresheet,
  scoresheetToGcg,
  readScoresheet,
  reportJson,
  verifyScoresheet,
  VerificationReport,
  WordList,
  writeGcg,
} from '../engine';
import { formatLocated, locate, parseJsonWithLines } from './read-sheet';
import { renderReportText, stopsBeforeTheEnd } from './report-text';

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
  /** Rule set of a GCG file (default: the one its pragmas name, else scrabble-en). */
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
    ? reportJson(report, 2) + '\n'
    : renderReportText(report, {
        color: options.color,
        layout: compileRules(findRuleSet(sheet.rules)!, sheet.options).layout,
      });
  return { exitCode: report.ok ? 0 : 1, stdout, stderr: '' };
}

/** The largest score sheet read: a real one is a few kilobytes. */
export const MAX_SHEET_BYTES = 2 * 1024 * 1024;

/** The files named: a folder stands for its `.json` and `.gcg` files, in name order. */
function sheetFiles(paths: string[]): { files: string[]; problems: string[] } {
  const files: string[] = [];
  const problems: string[] = [];
  for (const path of paths) {
    let folder = false;
    try {
      folder = statSync(path).isDirectory();
    } catch {
      // Not there: reading it says so, with the file's name.
    }
    if (!folder) {
      files.push(path);
      continue;
    }
    const inside = readdirSync(path)
      .filter((f) => /\.(json|gcg)$/i.test(f))
      .sort()
      .map((f) => join(path, f));
    if (inside.length === 0) problems.push(`${path}: the folder has no .json or .gcg file\n`);
    files.push(...inside);
  }
  return { files, problems };
}

/**
 * `verify FILE…`: one file as {@link verifyFile}; several (or a folder) one
 * line a sheet. The exit status is the worst of the sheets'.
 */
export function verifyFiles(paths: string[], options: VerifyCommandOptions): CommandResult {
  const { files, problems } = sheetFiles(paths);
  if (files.length === 1 && problems.length === 0) return verifyFile(files[0], options);
  if (options.json) {
    return {
      exitCode: 2,
      stdout: '',
      stderr: 'arbiter verify: --json prints one report; give one file.\n',
    };
  }
  let exitCode: 0 | 1 | 2 = problems.length > 0 ? 2 : 0;
  const lines: string[] = [];
  for (const file of files) {
    const loaded = loadSheet(file, options.rules);
    if (!loaded.ok) {
      exitCode = 2;
      // One line a sheet here too: the first reason, the rest with verify FILE.
      const [first] = loaded.message.split('\n');
      const more = loaded.message.trim().split('\n').length - 1;
      lines.push(`${first}${more > 0 ? ` (and ${more} more: arbiter verify ${file})` : ''}`);
      continue;
    }
    const { report } = loaded.verify(options.wordsFor);
    if (!report.ok && exitCode === 0) exitCode = 1;
    lines.push(`${file}: ${reportSummary(report)}`);
  }
  return { exitCode, stdout: lines.join('\n') + '\n', stderr: problems.join('') };
}

/**
 * `✓ agrees — Ana 412 : 380 Marko, Ana wins on score`, `✗ 2 findings (turn 5 SCORE_MISMATCH, …) — …`,
 * or of a sheet that stops before the end, `✗ stops before the end … — Ana 212 : 180 Marko, Ana leads`.
 */
export function reportSummary(report: VerificationReport): string {
  const finals = report.players.map((p) => `${p.name} ${p.final}`).join(' : ');
  const { winner, reason } = report.result;
  const unfinished = stopsBeforeTheEnd(report);
  const name = winner === null ? '' : (report.players[winner]?.name ?? String(winner + 1));
  const result =
    winner === null
      ? unfinished
        ? 'level so far'
        : 'a draw'
      : unfinished
        ? `${name} leads`
        : `${name} wins (${reason.replace(/-/g, ' ')})`;
  // The verdict first: a sheet that agrees needs none of its turns read (a report writes out
  // its turns' words when they are first read).
  if (report.ok) return `✓ agrees with the rules — ${finals}, ${result}`;
  const errors = [
    ...report.turns.flatMap((t) =>
      t.issues.filter((i) => i.severity === 'error').map((i) => `turn ${t.index + 1} ${i.code}`),
    ),
    ...report.issues.filter((i) => i.severity === 'error').map((i) => i.code),
  ];
  const stops = 'stops before the end (the sheet does not say how the game ended)';
  if (errors.length === 0) return `✗ ${unfinished ? stops : 'disagrees'} — ${finals}, ${result}`;
  const shown = errors.slice(0, 4).join(', ') + (errors.length > 4 ? ', …' : '');
  const count = errors.length === 1 ? '1 finding' : `${errors.length} findings`;
  return `✗ ${count} (${shown})${unfinished ? `, and ${stops}` : ''} — ${finals}, ${result}`;
}

/** `gcg FILE`: a score sheet written as GCG, with computed scores (exit 1 if it has discrepancies). */
export function gcgFile(
  file: string,
  options: Pick<VerifyCommandOptions, 'wordsFor' | 'rules'>,
): CommandResult {
  const loaded = loadSheet(file, options.rules);
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
    // A device or a pipe (/dev/zero) would be read for ever, a huge file into memory: neither is a sheet.
    const stat = statSync(file);
    if (!stat.isFile()) {
      return { ok: false, message: `${file}: not a file: a score sheet is a .json or .gcg file\n` };
    }
    if (stat.size > MAX_SHEET_BYTES) {
      return {
        ok: false,
        message: `${file}: ${(stat.size / 1024 / 1024).toFixed(1)} MB is too big for a score sheet (at most ${MAX_SHEET_BYTES / 1024 / 1024} MB)\n`,
      };
    }
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
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    return {
      ok: false,
      message: `${file}: nested more than ${MAX_JSON_DEPTH} levels deep: that is no score sheet\n`,
    };
  }
  const parsed = parseJsonWithLines(text);
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
