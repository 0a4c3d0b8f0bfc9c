import { BadInput } from '../errors';

/**
 * The version a client read, from an `If-Match` header (`3`, `"3"` or `W/"3"`);
 * undefined when the header is absent.
 */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const m = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!m) {
    throw new BadInput(
      'BAD_IF_MATCH',
      `If-Match must carry the version number you read (e.g. If-Match: 3), not '${header.slice(0, 40)}'`,
    );
  }
  return Number(m[1]);
}
