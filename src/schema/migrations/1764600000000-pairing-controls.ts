import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * How a division pairs beyond its plan: keep players of one club apart, Gibsonize an
 * uncatchable leader, and King of the Hill for the last rounds. Off by default, as before.
 */
export class PairingControls1764600000000 implements MigrationInterface {
  name = 'PairingControls1764600000000';

  public async up(q: QueryRunner): Promise<void> {
    for (const table of ['tournaments', 'divisions']) {
      await q.addColumns(table, [
        new TableColumn({ name: 'avoid_same_club', type: 'boolean', default: false }),
        new TableColumn({ name: 'gibsonize', type: 'boolean', default: false }),
        new TableColumn({ name: 'koth_last_rounds', type: 'integer', default: 0 }),
      ]);
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const table of ['divisions', 'tournaments']) {
      for (const column of ['koth_last_rounds', 'gibsonize', 'avoid_same_club'])
        await q.dropColumn(table, column);
    }
  }
}
