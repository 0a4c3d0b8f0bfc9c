import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A tournament's file sent from the organiser's import page, kept between its preview and the
 * organiser's confirmation (`import-uploads.ts`). Its id is random: the preview's form posts it
 * back, and only the organiser who sent the file may use it. `createdAt` is milliseconds since
 * 1970; a file older than a day is deleted with the next one sent.
 */
@Entity('import_uploads')
export class ImportUpload {
  @PrimaryColumn({ type: 'varchar', length: 24 })
  id: string;

  @Column({ name: 'owner_id', type: 'integer', nullable: true })
  ownerId: number | null;

  /** The file's name as the browser sent it, for the log and the copy's mark. */
  @Column({ name: 'file_name', type: 'varchar', length: 200 })
  fileName: string;

  /** The document's text (JSON), as sent. */
  @Column({ type: 'text' })
  document: string;

  /** SHA-256 of `document` (hex) when the preview's verdict was kept; null for older files. */
  @Column({ name: 'content_hash', type: 'varchar', length: 64, nullable: true })
  contentHash: string | null;

  /**
   * The preview's verdict on `document` (`import-uploads.ts`): every score sheet's report and
   * `ok` as verified, JSON; the confirmation of the same text takes it instead of verifying again.
   */
  @Column({ type: 'text', nullable: true })
  verdict: string | null;

  @Column({ name: 'created_at', type: 'bigint' })
  createdAt: string;
}
