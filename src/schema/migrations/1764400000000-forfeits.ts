import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';

/**
 * Forfeits and absences: the spread a forfeit counts for, a setting of each division (and of
 * the tournament, for new divisions; 50 like the bye spread); a result's kind (`forfeit`,
 * `double-forfeit`, null for a game played or a bye); and the rounds a player is marked absent
 * for (not paired, no bye).
 */
export class Forfeits1764400000000 implements MigrationInterface {
  name = 'Forfeits1764400000000';

  public async up(q: QueryRunner): Promise<void> {
    for (const table of ['tournaments', 'divisions']) {
      await q.addColumn(
        table,
        new TableColumn({ name: 'forfeit_spread', type: 'integer', default: 50 }),
      );
    }
    await q.addColumn(
      'games',
      new TableColumn({ name: 'result_kind', type: 'varchar', length: '20', isNullable: true }),
    );
    await q.createTable(
      new Table({
        name: 'absences',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'player_id', type: 'integer' },
          { name: 'round', type: 'integer' },
          { name: 'created_at', type: 'timestamp', default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: 'timestamp', default: 'CURRENT_TIMESTAMP' },
        ],
        uniques: [{ name: 'uq_absences_player_round', columnNames: ['player_id', 'round'] }],
        foreignKeys: [
          {
            columnNames: ['player_id'],
            referencedTableName: 'players',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.dropTable('absences');
    await q.dropColumn('games', 'result_kind');
    await q.dropColumn('divisions', 'forfeit_spread');
    await q.dropColumn('tournaments', 'forfeit_spread');
  }
}
