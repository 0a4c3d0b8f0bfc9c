import { randomBytes } from 'crypto';
import { EntityManager, LessThan } from 'typeorm';
import { ImportUpload } from './import-upload.entity';

/*
 * A tournament's file sent from the organiser's import page, kept in the database between its
 * preview and the confirmation, so that the confirmation posts a short id, not the megabytes
 * again, and any server on the database takes it. The import deletes it in its transaction.
 */

/** A file not confirmed within this long is deleted with the next one sent. */
export const UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000;

/** Keeps a file sent by `ownerId`; its id, for the preview's form. Older files left go first. */
export async function keepUpload(
  m: EntityManager,
  ownerId: number | null,
  fileName: string,
  document: string,
): Promise<string> {
  await m.delete(ImportUpload, { createdAt: LessThan(String(Date.now() - UPLOAD_KEPT_MS)) });
  const id = randomBytes(18).toString('base64url');
  await m.insert(ImportUpload, {
    id,
    ownerId,
    fileName: fileName.slice(0, 200),
    document,
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

/** Deletes a file kept for a preview the document refused: it cannot be imported. */
export async function dropUpload(m: EntityManager, id: string): Promise<void> {
  await m.delete(ImportUpload, { id });
}
