import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';

/**
 * Games at tables of more than two: every division and tournament gets a table size (2, as
 * all were), and the seats of such games a table of their own. Games of pairs are untouched.
 */
export class Tables1765000000000 implements MigrationInterface {
  name = 'Tables1765000000000';

  public async up(q: QueryRunner): Promise<void> {
    for (const table of ['tournaments', 'divisions']) {
      await q.addColumn(
        table,
        new TableColumn({ name: 'table_size', type: 'integer', default: 2, isNullable: false }),
      );
    }
    await q.createTable(
      new Table({
        name: 'game_seats',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'created_at', type: 'timestamp', default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: 'timestamp', default: 'CURRENT_TIMESTAMP' },
          { name: 'game_id', type: 'integer' },
          { name: 'seat', type: 'integer' },
          { name: 'player_id', type: 'integer' },
          { name: 'score', type: 'integer', isNullable: true },
          { name: 'remaining', type: 'integer', isNullable: true },
          { name: 'cards', type: 'integer', isNullable: true },
          { name: 'place', type: 'integer', isNullable: true },
        ],
        uniques: [
          { name: 'uq_game_seats_seat', columnNames: ['game_id', 'seat'] },
          { name: 'uq_game_seats_player', columnNames: ['game_id', 'player_id'] },
        ],
        indices: [{ name: 'ix_game_seats_player', columnNames: ['player_id'] }],
        foreignKeys: [
          {
            columnNames: ['game_id'],
            referencedTableName: 'games',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            columnNames: ['player_id'],
            referencedTableName: 'players',
            referencedColumnNames: ['id'],
          },
        ],
      }),
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.dropTable('game_seats');
    for (const table of ['divisions', 'tournaments']) await q.dropColumn(table, 'table_size');
  }
}
