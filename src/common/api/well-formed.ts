import { BadInput } from '../errors';

/**
 * Half of a surrogate pair without its other half: the one way a JavaScript
 * string is not Unicode text. (In a `u` expression a whole pair is one code
 * point, so only a lone half matches.) JSON's `\ud800` escape makes one;
 * validators, encoders and databases then throw, or store U+FFFD instead.
 */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/** True when `text` is well-formed Unicode (ES2024's `String.prototype.isWellFormed`). */
export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/** Where a parsed value holds text that is not well-formed: the field, and the character. */
export interface MalformedText {
  /** `turns[3].play`; for a key, the object that has it. */
  path: string;
  /** 1-based position of the lone half in the string. */
  at: number;
  /** The lone half, as `\ud800`. */
  unit: string;
  /** The text is a key of the object at `path`, not a value. */
  key: boolean;
}

function fieldPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

/** Where a string or key matching a pattern is: the field, and the match. */
export interface TextFound {
  /** `turns[3].play`; for a key, the object that has it. */
  path: string;
  /** 1-based position of the match in the string. */
  at: number;
  /** What matched. */
  match: string;
  /** The text is a key of the object at `path`, not a value. */
  key: boolean;
}

/**
 * The first string or key of a parsed JSON value (a body, a form, a query, an
 * imported document) that `pattern` matches, in document order, or null.
 * Walks without recursion (a body may nest as deep as its reader allows).
 */
export function findText(value: unknown, pattern: RegExp, root = ''): TextFound | null {
  const at = (text: string, path: string, key: boolean): TextFound | null => {
    const m = pattern.exec(text);
    return m ? { path, at: m.index + 1, match: m[0], key } : null;
  };
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const found = at(v, path, false);
      if (found) return found;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], fieldPath(path, i)]);
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      for (const k of keys) {
        const found = at(k, path, true);
        if (found) return found;
      }
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push([(v as Record<string, unknown>)[keys[i]], fieldPath(path, keys[i])]);
      }
    }
  }
  return null;
}

/** The first string or key of a parsed value that is not well-formed Unicode, or null. */
export function findMalformedText(value: unknown, root = ''): MalformedText | null {
  const found = findText(value, LONE_SURROGATE, root);
  if (!found) return null;
  const unit = `\\u${found.match.charCodeAt(0).toString(16)}`;
  return { path: found.path, at: found.at, unit, key: found.key };
}

/**
 * Refuses a body, form or query holding text that is not well-formed
 * Unicode: a 400 `MALFORMED_TEXT` naming the field (`where` says whose
 * fields: "the query parameter ", or nothing for a body).
 */
export function checkWellFormed(value: unknown, where = ''): void {
  const found = findMalformedText(value);
  if (!found) return;
  const field =
    found.path === ''
      ? 'the request body'
      : found.path.startsWith('[')
        ? `the request body${found.path}`
        : `${where}${found.path}`;
  const what = found.key ? `a key of ${field}` : field;
  throw new BadInput(
    'MALFORMED_TEXT',
    `${what} is not well-formed Unicode text: character ${found.at} is half of a surrogate pair (${found.unit}) without its other half`,
    { field: found.path, at: found.at },
  );
}
