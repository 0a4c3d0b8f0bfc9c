/** The deepest nesting of `[` and `{` a JSON body may have: Arbiter's documents need about 10. */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Counts how deep `[` and `{` nest in JSON text outside strings, a chunk at a
 * time, so that a body nested millions deep is refused after its first few
 * dozen bytes: it never reaches `JSON.parse` or the validators, which would
 * walk every level. It does not check the syntax (`JSON.parse` does, later):
 * only that no bracket opens deeper than `max`. UTF-8 continuation bytes are
 * never ASCII, so bytes and UTF-16 code units are scanned alike.
 */
export class JsonNesting {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** True once some bracket opened deeper than `max`. */
  tooDeep = false;

  constructor(readonly max: number = MAX_JSON_DEPTH) {}

  /** Scans more bytes; false once the nesting went deeper than `max` (stop reading then). */
  feed(bytes: Uint8Array): boolean {
    if (this.tooDeep) return false;
    let { depth, inString, escaped } = this;
    const max = this.max;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (b === BACKSLASH) escaped = true;
        else if (b === QUOTE) inString = false;
      } else if (b === QUOTE) inString = true;
      else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
        if (++depth > max) {
          this.tooDeep = true;
          return false;
        }
      } else if ((b === CLOSE_ARRAY || b === CLOSE_OBJECT) && depth > 0) depth--;
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return true;
  }
}

/** True when JSON text nests `[` and `{` deeper than `max` outside its strings. */
export function nestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === BACKSLASH) escaped = true;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if ((c === CLOSE_ARRAY || c === CLOSE_OBJECT) && depth > 0) depth--;
  }
  return false;
}
