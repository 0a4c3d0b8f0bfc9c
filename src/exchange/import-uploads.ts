import { createHash, randomBytes } from 'crypto';
import { EntityManager, LessThan } from 'typeorm';
import { ImportUpload } from './import-upload.entity';

/*
 * A tournament's file sent from the organiser's import page, kept in the database between its
 * preview and the confirmation, so that the confirmation posts a short id, not the megabytes
 * again, and any server on the database takes it. The import deletes it in its transaction.
 */

/** A file not confirmed within this long is deleted with the next one sent. */
export const UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000;

/** The SHA-256 (hex) of a document's text: what a kept verdict is the verdict on. */
export function contentHash(document: string): string {
  return createHash('sha256').update(document, 'utf8').digest('hex');
}

/**
 * The preview's verdict on a document that passed: every score sheet's place in the document,
 * `ok` and report (its JSON text, as the column stores it). `v` is the verdict's own version: a
 * build that verifies differently raises it, and older verdicts are not taken.
 */
export interface ImportVerdict {
  v: typeof VERDICT_VERSION;
  sheets: [division: number, round: number, game: number, ok: boolean, report: string][];
}

export const VERDICT_VERSION = 1;

/**
 * Keeps a file sent by `ownerId` with the preview's verdict on it; its id, for the preview's
 * form. Older files left go first.
 */
export async function keepUpload(
  m: EntityManager,
  ownerId: number | null,
  fileName: string,
  document: string,
  verdict: ImportVerdict | null = null,
): Promise<string> {
  await m.delete(ImportUpload, { createdAt: LessThan(String(Date.now() - UPLOAD_KEPT_MS)) });
  const id = randomBytes(18).toString('base64url');
  await m.insert(ImportUpload, {
    id,
    ownerId,
    fileName: fileName.slice(0, 200),
    document,
    contentHash: verdict ? contentHash(document) : null,
    verdict: verdict ? JSON.stringify(verdict) : null,
    createdAt: String(Date.now()),
  });
  return id;
}

/** A file kept for `ownerId` (another organiser's is not theirs to import), or null. */
export function keptUpload(
  m: EntityManager,
  id: string,
  ownerId: number | null,
): Promise<ImportUpload | null> {
  return m.findOneBy(ImportUpload, { id, ...(ownerId === null ? {} : { ownerId }) });
}

/**
 * The verdict kept with an upload, when it is the verdict on `document` (the same SHA-256) and
 * of this build's version; else null, and the document is checked again in full.
 */
export function verdictFor(
  upload: Pick<ImportUpload, 'contentHash' | 'verdict'> | null,
  document: string,
): ImportVerdict | null {
  if (!upload?.verdict || upload.contentHash !== contentHash(document)) return null;
  try {
    const verdict = JSON.parse(upload.verdict) as ImportVerdict;
    return verdict.v === VERDICT_VERSION && Array.isArray(verdict.sheets) ? verdict : null;
  } catch {
    return null;
  }
}

/** Deletes a file kept for a preview the document refused: it cannot be imported. */
export async function dropUpload(m: EntityManager, id: string): Promise<void> {
  await m.delete(ImportUpload, { id });
}
