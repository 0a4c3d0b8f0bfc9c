import { BadInput, Conflict, PreconditionRequired } from '../errors';

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

/** What a stale write is told: the thing as it is now, and what the write would change in it. */
export interface StaleDetails<T> {
  /** The version it is at now. */
  version: number;
  /** The thing as it is now. */
  current: T;
  /** Each field the request would change, with its value now and the one sent. */
  changed: { field: string; now: unknown; yours: unknown }[];
}

declare module '../errors' {
  interface ErrorDetails {
    /** A write based on a version that is not the current one: the thing now, and what differs. */
    STALE_VERSION: StaleDetails<unknown>;
  }
}

const shown = (v: unknown) => (v === null || v === undefined ? 'empty' : JSON.stringify(v));

/**
 * Checks the version a change was based on (an edit of something that exists):
 * none is 428 IF_MATCH_REQUIRED, another than the current one is 409
 * STALE_VERSION with the thing as it is now and, for each field sent, its value
 * now, so that the client can show the person what they would overwrite.
 * `what` names the thing (`player 5`), `read` says where to read it.
 */
export function checkVersion<T extends object>(
  what: string,
  read: string,
  sent: number | undefined,
  current: T & { version: number },
  change: object,
): void {
  if (sent === undefined) {
    throw new PreconditionRequired(
      `to change ${what}, send the version you read in If-Match (read it with ${read}), ` +
        'so that nobody overwrites a change they have not seen',
    );
  }
  if (sent === current.version) return;
  const now = current as Record<string, unknown>;
  const changed = Object.entries(change)
    .filter(([field, value]) => value !== undefined && field in now && field !== 'confirm')
    .map(([field, yours]) => ({ field, now: now[field], yours: yours as unknown }));
  const differing = changed.filter((c) => JSON.stringify(c.now) !== JSON.stringify(c.yours));
  const summary = differing.length
    ? `: ${differing.map((c) => `${c.field} is now ${shown(c.now)}`).join(', ')}`
    : '';
  const details: StaleDetails<T> = { version: current.version, current, changed };
  throw new Conflict(
    'STALE_VERSION',
    `${what} has changed since you read it (you sent version ${sent}, it is at ${current.version})${summary}; ` +
      'reload it and make your change again',
    details,
  );
}
