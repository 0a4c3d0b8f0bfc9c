import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * A file kept between the import's preview and its confirmation (`import_uploads`) keeps the
 * preview's verdict too: `content_hash` (SHA-256 of the document's text, hex) and `verdict`
 * (every score sheet's report and `ok` as the preview verified them, JSON). The confirmation
 * of the same text takes them instead of verifying every sheet a second time. Files kept
 * before have neither: they are checked again in full.
 */
export class ImportVerdicts1766410000000 implements MigrationInterface {
  name = 'ImportVerdicts1766410000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.addColumns('import_uploads', [
      new TableColumn({ name: 'content_hash', type: 'varchar', length: '64', isNullable: true }),
      new TableColumn({ name: 'verdict', type: 'text', isNullable: true }),
    ]);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('import_uploads', 'verdict');
    await q.dropColumn('import_uploads', 'content_hash');
  }
}
