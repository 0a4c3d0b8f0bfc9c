import { BadInput } from '../errors';

/**
 * A request body's bytes read as JSON, as the body reader reads them: an object or a list (an
 * empty body is an empty object), else 400 BAD_JSON. Without Express, so that a job's process
 * reads a large body (a tournament's document) with the same words.
 */
export function parseJsonBody(raw: Uint8Array | string): unknown {
  const text =
    typeof raw === 'string'
      ? raw
      : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8');
  const first = /\S/.exec(text)?.[0];
  if (first === undefined) return {};
  if (first !== '{' && first !== '[') {
    throw new BadInput('BAD_JSON', 'the request body must be a JSON object (or list)');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new BadInput(
      'BAD_JSON',
      `the request body is not valid JSON: ${e instanceof Error ? e.message.slice(0, 200) : 'unreadable'}`,
    );
  }
}
