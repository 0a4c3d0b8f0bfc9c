import { checkWellFormed } from '../common/api/well-formed';
import { parseJsonBody } from '../common/body/json-body';
import { Unprocessable } from '../common/errors';
import { ruleSetWordReader } from '../dictionary/judge';
import { parseUploadedWordList } from '../dictionary/upload';
import { SetWordList } from '../engine';
import type { JobContext } from '../jobs/job-context';
import { checkDocument, DocumentError, TournamentDocument, WordListDocument } from './format';
import { reverifySheets, unstorableText } from './sheets';

/*
 * Reading and checking a tournament's document, and verifying its sheets again: what both an
 * import's process and its helper thread do, without TypeORM or NestJS (the helper that
 * verifies half of the sheets loads neither).
 */

/** The document's own word list, read; or the problems that refuse the document. */
export type OwnList = { ok: true; words: string[] } | { ok: false; errors: DocumentError[] } | null;

/** The refusal of a document with problems: 422 IMPORT_INVALID, the first ten in the message, all in details. */
export function importRefusal(errors: DocumentError[]): Unprocessable {
  return new Unprocessable(
    'IMPORT_INVALID',
    `the document cannot be imported: ${errors
      .slice(0, 10)
      .map((e) => `${e.path || '(the document)'}: ${e.message}`)
      .join('; ')}${errors.length > 10 ? `; and ${errors.length - 10} more` : ''}`,
    errors,
  );
}

/** The document's problems before its sheets are verified: its shape, its text, its word list. */
export function checkImport(doc: unknown): { errors: DocumentError[]; ownList: OwnList } {
  let errors = checkDocument(doc);
  if (errors.length === 0) errors = unstorableText(doc);
  const ownList = errors.length === 0 ? readWordList(doc as TournamentDocument) : null;
  if (ownList && !ownList.ok) errors = ownList.errors;
  return { errors, ownList };
}

/**
 * The document's bytes as the request sent them, read as the body reader reads a body (which
 * leaves this route's to the worker): 400 BAD_JSON when they are not JSON, 400 MALFORMED_TEXT
 * naming the field whose text is not well-formed Unicode.
 */
export function readDocument(raw: Uint8Array | string): unknown {
  const doc = parseJsonBody(raw);
  checkWellFormed(doc);
  return doc;
}

/** Sheets a thread takes at a time from those not yet taken. */
const BLOCK = 16;

/**
 * Which sheets (by their ordinal in the document) this thread verifies: blocks of
 * {@link BLOCK} taken in turn from a counter the job's thread and its helper share, so that
 * each verifies as many as it gets to (the helper starts later: it loads and reads the
 * document first) and both end together. Asked of every ordinal in order.
 */
export function sharedShare(claims: SharedArrayBuffer): (ordinal: number) => boolean {
  const counter = new Int32Array(claims);
  let start = -1;
  let end = -1;
  return (ordinal) => {
    if (ordinal >= end) {
      // Every ordinal below the counter is taken; the counter is never below this one.
      start = Atomics.add(counter, 0, BLOCK);
      end = start + BLOCK;
    }
    return ordinal >= start;
  };
}

/** A sheet the helper verified: its place in the document, and where its report's JSON is in the bytes sent. */
export interface VerifiedElsewhere {
  division: number;
  round: number;
  game: number;
  ok: boolean;
  /** The report's JSON, as the database stores it: bytes `from` to `to` of {@link HelperShare.reports}. */
  from: number;
  to: number;
}

/** What the helper sends back: its sheets, their reports as UTF-8 JSON in one block, its problems. */
export interface HelperShare {
  verified: VerifiedElsewhere[];
  /** Moved to the job's thread, not copied: thousands of reports are tens of megabytes. */
  reports: Uint8Array;
  errors: DocumentError[];
}

/** A helper's task: its share of the sheets verified, their reports sent back. */
export function verifyTask(
  input: { raw: Uint8Array | string; claims: SharedArrayBuffer },
  context: JobContext,
): Promise<HelperShare> {
  const none: HelperShare = { verified: [], reports: new Uint8Array(0), errors: [] };
  let doc: unknown;
  try {
    doc = readDocument(input.raw);
  } catch {
    // The job's own thread refuses such a body, with its reason.
    return Promise.resolve(none);
  }
  const { errors: checked, ownList } = checkImport(doc);
  // The job's own thread refuses such a document: there is nothing to verify.
  if (checked.length > 0) return Promise.resolve(none);
  const words = ownList?.ok ? new SetWordList(ownList.words) : null;
  const verified: VerifiedElsewhere[] = [];
  const texts: string[] = [];
  let bytes = 0;
  const errors = reverifySheets(doc as TournamentDocument, words, {
    pick: sharedShare(input.claims),
    verified: ({ division, round, game, ok, report }) => {
      const text = JSON.stringify(report);
      const size = Buffer.byteLength(text);
      verified.push({ division, round, game, ok, from: bytes, to: bytes + size });
      texts.push(text);
      bytes += size;
      if (verified.length % 25 === 0) context.progress('verify', verified.length, 0);
    },
  });
  // A structured copy of the strings would cost this thread a second or more; bytes move whole.
  const reports = new Uint8Array(bytes);
  const encoder = new TextEncoder();
  verified.forEach((v, i) => encoder.encodeInto(texts[i], reports.subarray(v.from, v.to)));
  return Promise.resolve({ verified, reports, errors });
}

/** Sheets the document holds that are verified (a game with two players or a table, and a sheet). */
export function countSheets(doc: TournamentDocument): number {
  let n = 0;
  for (const division of doc.divisions)
    for (const round of division.rounds)
      for (const game of round.games) if (game.scoresheet !== null && game.second !== null) n++;
  return n;
}

/** Problems in the order of the document: by division, round and game, then as found. */
export function byPlace(a: DocumentError, b: DocumentError): number {
  const at = (e: DocumentError) =>
    (/^divisions\[(\d+)\]\.rounds\[(\d+)\]\.games\[(\d+)\]/.exec(e.path) ?? [])
      .slice(1)
      .map(Number);
  const x = at(a);
  const y = at(b);
  for (let i = 0; i < 3; i++) if ((x[i] ?? -1) !== (y[i] ?? -1)) return (x[i] ?? -1) - (y[i] ?? -1);
  return 0;
}

/**
 * The document's word list read as an upload is (its rule set's letters, one word a line), or
 * null when it has none; a word that is not of the rule set is a problem at its path.
 */
export function readWordList(
  doc: TournamentDocument,
):
  | { ok: true; words: string[] }
  | { ok: false; errors: { path: string; message: string }[] }
  | null {
  const list: WordListDocument | null | undefined = doc.wordList;
  if (!list) return null;
  const parsed = parseUploadedWordList(
    list.words.join('\n'),
    ruleSetWordReader(doc.tournament.ruleSet),
  );
  if (parsed.errors.length > 0) {
    return {
      ok: false,
      errors: parsed.errors.slice(0, 100).map((e) => ({
        path: `wordList.words[${e.line - 1}]`,
        message: `${e.message} (${doc.tournament.ruleSet})`,
      })),
    };
  }
  return { ok: true, words: parsed.words };
}
