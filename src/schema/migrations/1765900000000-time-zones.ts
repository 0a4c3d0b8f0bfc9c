import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Each tournament's time zone (an IANA name), which its pages show times of day and dates in.
 * Existing tournaments get null, "the server's zone" (`TIME_ZONE`): they show what they showed,
 * and a migration does not read the environment, which may differ on the server a backup is
 * restored to.
 */
export class TimeZones1765900000000 implements MigrationInterface {
  name = 'TimeZones1765900000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.addColumn(
      'tournaments',
      new TableColumn({ name: 'time_zone', type: 'varchar', length: '64', isNullable: true }),
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('tournaments', 'time_zone');
  }
}
