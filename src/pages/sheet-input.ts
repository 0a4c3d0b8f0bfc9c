import { findNodeAtLocation, getNodeValue, ParseError, parseTree } from 'jsonc-parser';
import { printParseErrorCode } from 'jsonc-parser';
import { formatPath, gcgToScoresheet, JsonPath, parseGcg, readScoresheet } from '../engine';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../common/body/json-nesting';
import { Lang, t } from '../i18n';
import { isPageMessageKey, pt } from './messages';

/** A sheet the judge typed, read far enough to hand to the verification. */
export type SheetInput =
  | {
      ok: true;
      /** The document (`scoresheet/1`), from JSON or converted from GCG. */
      doc: unknown;
      /** Line (from 1) of a place in the document, where it can be told. */
      lineOf: (path: JsonPath) => number | null;
    }
  | { ok: false; message: string; line: number | null };

/** Line number (1-based) of a character offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** A GCG record starts with a `#` pragma; anything else is read as JSON. */
export function looksLikeGcg(text: string): boolean {
  return text.trimStart().startsWith('#');
}

/**
 * Reads what the judge typed: JSON (strict; a syntax error names its line and
 * what was expected) or a GCG record (converted for `rules`). The structure
 * is checked too, each error with the line of its field, so that nothing
 * reaches the server's verification that it would refuse as unreadable.
 */
export function readSheetInput(text: string, lang: Lang, rules: string): SheetInput {
  if (text.trim() === '') return { ok: false, message: pt(lang, 'sheet.json.empty'), line: 1 };
  let doc: unknown;
  let lineOf: (path: JsonPath) => number | null;
  if (looksLikeGcg(text)) {
    const parsed = parseGcg(text);
    const errors = parsed.ok ? null : parsed.errors;
    const converted = parsed.ok ? gcgToScoresheet(parsed.game, rules) : null;
    const problems = errors ?? (converted && !converted.ok ? converted.errors : null);
    if (problems && problems.length > 0) {
      return {
        ok: false,
        line: problems[0].line || null,
        message: problems
          .map((e) => pt(lang, 'sheet.gcg', { line: e.line, message: e.message }))
          .join('; '),
      };
    }
    const value = converted && converted.ok ? converted.value : null;
    if (!value) return { ok: false, message: pt(lang, 'sheet.json.other'), line: null };
    doc = JSON.parse(JSON.stringify(value.sheet)) as unknown;
    const lines = value.turnLines;
    lineOf = (path) =>
      path[0] === 'turns' && typeof path[1] === 'number' ? (lines[path[1]] ?? null) : null;
  } else {
    // The parser recurses on every level: a text nested thousands deep would overflow the stack.
    if (nestsDeeperThan(text)) {
      return {
        ok: false,
        line: 1,
        message: pt(lang, 'sheet.json.tooDeep', { max: MAX_JSON_DEPTH }),
      };
    }
    const errors: ParseError[] = [];
    const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
    if (errors.length > 0 || !root) {
      const first = errors[0];
      const code = first ? printParseErrorCode(first.error) : 'other';
      const key = `sheet.json.${code}`;
      return {
        ok: false,
        line: first ? lineAt(text, first.offset) : 1,
        message: isPageMessageKey(key) ? pt(lang, key) : pt(lang, 'sheet.json.other'),
      };
    }
    doc = getNodeValue(root) as unknown;
    lineOf = (path) => {
      for (let n = path.length; n >= 0; n--) {
        const node = findNodeAtLocation(root, path.slice(0, n));
        if (node) return lineAt(text, node.offset);
      }
      return null;
    };
  }
  const read = readScoresheet(doc);
  if (!read.ok) {
    const located = read.errors.map((e) => ({ line: lineOf(e.path), e }));
    const firstLine = located.find((x) => x.line !== null)?.line ?? null;
    return {
      ok: false,
      line: firstLine,
      message: located
        .map(({ line, e }) => {
          const text = pt(lang, 'sheet.field', { field: formatPath(e.path), message: e.message });
          return line !== null && line !== firstLine
            ? `(${t(lang, 'common.line', { n: line })}) ${text}`
            : text;
        })
        .join('; '),
    };
  }
  return { ok: true, doc, lineOf };
}
