import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * The match points of each place at a table, set per division (`place_points`, JSON by table
 * size): null for every division and tournament there is, the default of a point a player
 * finished ahead of.
 */
export class PlacePoints1765300000000 implements MigrationInterface {
  name = 'PlacePoints1765300000000';

  public async up(q: QueryRunner): Promise<void> {
    for (const table of ['tournaments', 'divisions']) {
      await q.addColumn(
        table,
        new TableColumn({ name: 'place_points', type: 'text', isNullable: true }),
      );
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const table of ['divisions', 'tournaments']) await q.dropColumn(table, 'place_points');
  }
}
