import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';

/**
 * An imported tournament is a copy (src/exchange): `copy_of` names the tournament its file was
 * exported from and `imported_at` says when it came, so that no page shows it as the original
 * and the ratings do not count its games a second time. Existing tournaments are originals
 * (both null), those imported before included: nothing says which they were.
 *
 * `import_uploads` keeps a tournament's file sent from the organiser's page between its
 * preview and the organiser's confirmation (a random id the preview's form posts back); the
 * import deletes it in its own transaction, so the file makes one copy however often it is
 * confirmed.
 */
export class TournamentCopies1766300000000 implements MigrationInterface {
  name = 'TournamentCopies1766300000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.addColumns('tournaments', [
      new TableColumn({ name: 'copy_of', type: 'varchar', length: '200', isNullable: true }),
      new TableColumn({ name: 'imported_at', type: 'timestamp', isNullable: true }),
    ]);
    await q.createTable(
      new Table({
        name: 'import_uploads',
        columns: [
          { name: 'id', type: 'varchar', length: '24', isPrimary: true },
          { name: 'owner_id', type: 'integer', isNullable: true },
          { name: 'file_name', type: 'varchar', length: '200' },
          { name: 'document', type: 'text' },
          { name: 'created_at', type: 'bigint' },
        ],
      }),
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.dropTable('import_uploads');
    await q.dropColumn('tournaments', 'imported_at');
    await q.dropColumn('tournaments', 'copy_of');
  }
}
