import { MigrationInterface, QueryRunner, Table, TableColumnOptions } from 'typeorm';

/** Written with the schema builder rather than SQL so the same migration runs on SQLite and PostgreSQL. */
const id: TableColumnOptions = {
  name: 'id',
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment',
};
const timestamps: TableColumnOptions[] = [
  { name: 'created_at', type: 'timestamp', default: 'CURRENT_TIMESTAMP' },
  { name: 'updated_at', type: 'timestamp', default: 'CURRENT_TIMESTAMP' },
];
const fk = (
  column: string,
  table: string,
  onDelete: 'CASCADE' | 'SET NULL' | 'NO ACTION' = 'CASCADE',
) => ({
  columnNames: [column],
  referencedTableName: table,
  referencedColumnNames: ['id'],
  onDelete,
});

export class Initial1763800000000 implements MigrationInterface {
  name = 'Initial1763800000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'users',
        columns: [
          id,
          { name: 'email', type: 'varchar', length: '200', isUnique: true },
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'role', type: 'varchar', length: '20' },
          { name: 'password_hash', type: 'varchar', length: '300' },
          ...timestamps,
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'auth_tokens',
        columns: [
          id,
          { name: 'user_id', type: 'integer' },
          { name: 'token_hash', type: 'varchar', length: '64', isUnique: true },
          { name: 'kind', type: 'varchar', length: '20' },
          { name: 'expires_at', type: 'timestamp' },
          ...timestamps,
        ],
        foreignKeys: [fk('user_id', 'users')],
      }),
    );
    await q.createTable(
      new Table({
        name: 'tournaments',
        columns: [
          id,
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'rule_set', type: 'varchar', length: '50' },
          { name: 'options', type: 'text' },
          { name: 'rounds_planned', type: 'integer' },
          { name: 'pairing_plan', type: 'text' },
          { name: 'tie_breaks', type: 'text' },
          { name: 'bye_spread', type: 'integer' },
          ...timestamps,
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'divisions',
        columns: [
          id,
          { name: 'tournament_id', type: 'integer' },
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'revision', type: 'integer', default: 0 },
          ...timestamps,
        ],
        foreignKeys: [fk('tournament_id', 'tournaments')],
        indices: [{ columnNames: ['tournament_id'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'players',
        columns: [
          id,
          { name: 'division_id', type: 'integer' },
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'club', type: 'varchar', length: '200', isNullable: true },
          { name: 'rating', type: 'integer', isNullable: true },
          { name: 'seed', type: 'integer' },
          { name: 'active', type: 'boolean', default: true },
          { name: 'joined_round', type: 'integer', default: 1 },
          ...timestamps,
        ],
        foreignKeys: [fk('division_id', 'divisions')],
        indices: [{ columnNames: ['division_id'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'rounds',
        columns: [
          id,
          { name: 'division_id', type: 'integer' },
          { name: 'number', type: 'integer' },
          { name: 'system', type: 'varchar', length: '30' },
          { name: 'notes', type: 'text', isNullable: true },
          ...timestamps,
        ],
        foreignKeys: [fk('division_id', 'divisions')],
        uniques: [{ name: 'uq_rounds_division_number', columnNames: ['division_id', 'number'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'games',
        columns: [
          id,
          { name: 'round_id', type: 'integer' },
          { name: 'table_number', type: 'integer' },
          { name: 'first_player_id', type: 'integer' },
          { name: 'second_player_id', type: 'integer', isNullable: true },
          { name: 'status', type: 'varchar', length: '20' },
          { name: 'first_score', type: 'integer', isNullable: true },
          { name: 'second_score', type: 'integer', isNullable: true },
          { name: 'first_remaining', type: 'integer', isNullable: true },
          { name: 'second_remaining', type: 'integer', isNullable: true },
          { name: 'time_loss_player_id', type: 'integer', isNullable: true },
          { name: 'winner', type: 'varchar', length: '10', isNullable: true },
          { name: 'result_source', type: 'varchar', length: '20', isNullable: true },
          { name: 'version', type: 'integer' },
          ...timestamps,
        ],
        foreignKeys: [
          fk('round_id', 'rounds'),
          fk('first_player_id', 'players', 'NO ACTION'),
          fk('second_player_id', 'players', 'NO ACTION'),
        ],
        indices: [{ columnNames: ['round_id'] }],
        uniques: [{ name: 'uq_games_round_table', columnNames: ['round_id', 'table_number'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'score_sheets',
        columns: [
          id,
          { name: 'game_id', type: 'integer', isUnique: true },
          { name: 'sheet', type: 'text' },
          { name: 'report', type: 'text', isNullable: true },
          { name: 'ok', type: 'boolean', isNullable: true },
          ...timestamps,
        ],
        foreignKeys: [fk('game_id', 'games')],
      }),
    );
    await q.createTable(
      new Table({
        name: 'result_changes',
        columns: [
          id,
          { name: 'game_id', type: 'integer' },
          { name: 'user_id', type: 'integer', isNullable: true },
          { name: 'user_name', type: 'varchar', length: '200', isNullable: true },
          { name: 'user_email', type: 'varchar', length: '200', isNullable: true },
          { name: 'action', type: 'varchar', length: '30' },
          { name: 'before', type: 'text', isNullable: true },
          { name: 'after', type: 'text', isNullable: true },
          ...timestamps,
        ],
        foreignKeys: [fk('game_id', 'games'), fk('user_id', 'users', 'SET NULL')],
        indices: [{ columnNames: ['game_id'] }],
      }),
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'result_changes',
      'score_sheets',
      'games',
      'rounds',
      'players',
      'divisions',
      'tournaments',
      'auth_tokens',
      'users',
    ]) {
      await q.dropTable(table);
    }
  }
}
