import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * The director's log: every action on a tournament with who, when, and before and after
 * (`src/log/director-log.entity.ts`). Goes with its tournament; players, games and divisions
 * are kept as plain numbers, so an entry outlives a removed round.
 */
export class DirectorLog1764700000000 implements MigrationInterface {
  name = 'DirectorLog1764700000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'director_log',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'tournament_id', type: 'integer' },
          { name: 'division_id', type: 'integer', isNullable: true },
          { name: 'player_id', type: 'integer', isNullable: true },
          { name: 'game_id', type: 'integer', isNullable: true },
          { name: 'round', type: 'integer', isNullable: true },
          { name: 'table_number', type: 'integer', isNullable: true },
          { name: 'action', type: 'varchar', length: '40' },
          { name: 'user_id', type: 'integer', isNullable: true },
          { name: 'user_name', type: 'varchar', length: '200', isNullable: true },
          { name: 'user_email', type: 'varchar', length: '200', isNullable: true },
          { name: 'note', type: 'varchar', length: '200', isNullable: true },
          { name: 'before', type: 'text', isNullable: true },
          { name: 'after', type: 'text', isNullable: true },
          { name: 'created_at', type: 'timestamp', default: 'CURRENT_TIMESTAMP' },
        ],
        indices: [{ name: 'ix_director_log_tournament', columnNames: ['tournament_id', 'id'] }],
        foreignKeys: [
          {
            columnNames: ['tournament_id'],
            referencedTableName: 'tournaments',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.dropTable('director_log');
  }
}
