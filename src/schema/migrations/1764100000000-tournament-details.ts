import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** Where and when a tournament is played. Dates as ISO `YYYY-MM-DD` text: a calendar day has no time zone. */
export class TournamentDetails1764100000000 implements MigrationInterface {
  name = 'TournamentDetails1764100000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.addColumns('tournaments', [
      new TableColumn({ name: 'place', type: 'varchar', length: '200', isNullable: true }),
      new TableColumn({ name: 'starts_on', type: 'varchar', length: '10', isNullable: true }),
      new TableColumn({ name: 'ends_on', type: 'varchar', length: '10', isNullable: true }),
    ]);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('tournaments', 'ends_on');
    await q.dropColumn('tournaments', 'starts_on');
    await q.dropColumn('tournaments', 'place');
  }
}
