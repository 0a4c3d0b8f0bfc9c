import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** The most spread one game counts for in a division's standings (null: no cap). */
export class SpreadCap1764500000000 implements MigrationInterface {
  name = 'SpreadCap1764500000000';

  public async up(q: QueryRunner): Promise<void> {
    for (const table of ['tournaments', 'divisions']) {
      await q.addColumn(
        table,
        new TableColumn({ name: 'spread_cap', type: 'integer', isNullable: true }),
      );
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('divisions', 'spread_cap');
    await q.dropColumn('tournaments', 'spread_cap');
  }
}
