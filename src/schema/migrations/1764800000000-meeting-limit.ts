import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * A division's limit of how often two players may meet (`max_meetings`): null, no limit, for
 * every division and tournament there is, as before.
 */
export class MeetingLimit1764800000000 implements MigrationInterface {
  name = 'MeetingLimit1764800000000';

  public async up(q: QueryRunner): Promise<void> {
    for (const table of ['tournaments', 'divisions']) {
      await q.addColumn(
        table,
        new TableColumn({ name: 'max_meetings', type: 'integer', isNullable: true }),
      );
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const table of ['divisions', 'tournaments']) await q.dropColumn(table, 'max_meetings');
  }
}
