import {
  findNodeAtLocation,
  getNodeValue,
  parseTree,
  ParseError,
  printParseErrorCode,
} from 'jsonc-parser';
import { formatPath, JsonPath, SheetError } from '../engine';

/** A problem in a score-sheet file, located by line (1-based) where it can be. */
export interface LocatedError {
  line: number | null;
  field: string;
  message: string;
}

/** The parsed document, or the JSON syntax errors with their lines. */
export type ParsedJson =
  | { ok: true; value: unknown; lineOf: (path: JsonPath) => number | null }
  | { ok: false; errors: LocatedError[] };

/** Line number (1-based) of a character offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * Parses strict JSON and keeps the syntax tree, so that an error found later
 * in a field can be reported with the line the field is on.
 */
export function parseJsonWithLines(text: string): ParsedJson {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0 || !root) {
    return {
      ok: false,
      errors: (errors.length > 0 ? errors : [{ error: 0, offset: 0, length: 0 }]).map((e) => ({
        line: lineAt(text, e.offset),
        field: '',
        message:
          errors.length > 0
            ? `not valid JSON: ${printParseErrorCode(e.error)}`
            : 'the file is empty',
      })),
    };
  }
  return {
    ok: true,
    value: getNodeValue(root),
    lineOf: (path) => {
      for (let n = path.length; n >= 0; n--) {
        const node = findNodeAtLocation(root, path.slice(0, n));
        if (node) return lineAt(text, node.offset);
      }
      return null;
    },
  };
}

/** Structural errors of a sheet with the line of each field. */
export function locate(
  errors: SheetError[],
  lineOf: (path: JsonPath) => number | null,
): LocatedError[] {
  return errors.map((e) => ({
    line: lineOf(e.path),
    field: formatPath(e.path),
    message: e.message,
  }));
}

/** `file:12: turns[3].clock: …` lines. */
export function formatLocated(file: string, errors: LocatedError[]): string {
  return errors
    .map(
      (e) =>
        `${file}${e.line !== null ? `:${e.line}` : ''}: ${e.field ? `${e.field}: ` : ''}${e.message}`,
    )
    .join('\n');
}
