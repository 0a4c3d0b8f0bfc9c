import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * A version on players, tournaments and divisions, as games have one: an edit names the
 * version it was based on (If-Match, or the page's hidden field), so that two organisers
 * never overwrite each other unknowingly. Existing rows start at version 1.
 */
export class Versions1764900000000 implements MigrationInterface {
  name = 'Versions1764900000000';

  public async up(q: QueryRunner): Promise<void> {
    for (const table of ['players', 'tournaments', 'divisions']) {
      await q.addColumn(
        table,
        new TableColumn({ name: 'version', type: 'integer', isNullable: false, default: 1 }),
      );
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const table of ['divisions', 'tournaments', 'players']) {
      await q.dropColumn(table, 'version');
    }
  }
}
