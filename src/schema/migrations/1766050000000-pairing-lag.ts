import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Pairing with a lag: a division's `pairing_lag` (0: a round is paired from the standings after
 * the round before it, as before; 1 or 2: from the standings after an earlier round), and each
 * round's `based_on_round`, the round whose standings it was paired from (0: by seed; null: its
 * system ranks by no standings). Rounds paired before were paired from the round before them,
 * with every earlier result in: a Swiss or King of the Hill round gets `number − 1`.
 */
export class PairingLag1766050000000 implements MigrationInterface {
  name = 'PairingLag1766050000000';

  public async up(q: QueryRunner): Promise<void> {
    for (const table of ['tournaments', 'divisions']) {
      await q.addColumn(
        table,
        new TableColumn({ name: 'pairing_lag', type: 'integer', default: 0 }),
      );
    }
    await q.addColumn(
      'rounds',
      new TableColumn({ name: 'based_on_round', type: 'integer', isNullable: true }),
    );
    await q.query(
      `UPDATE rounds SET based_on_round = number - 1 WHERE system IN ('swiss', 'king-of-the-hill')`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('rounds', 'based_on_round');
    for (const table of ['divisions', 'tournaments']) await q.dropColumn(table, 'pairing_lag');
  }
}
