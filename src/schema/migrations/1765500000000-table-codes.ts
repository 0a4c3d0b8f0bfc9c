import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Codes of the seats of each game (for sending score sheets from the tables) and the sheets
 * sent with them. Nothing existing changes; codes are made when a round's are first asked for.
 */
export class TableCodes1765500000000 implements MigrationInterface {
  name = 'TableCodes1765500000000';

  public async up(q: QueryRunner): Promise<void> {
    const id = {
      name: 'id',
      type: 'integer',
      isPrimary: true,
      isGenerated: true,
      generationStrategy: 'increment' as const,
    };
    const stamps = [
      { name: 'created_at', type: 'timestamp', default: 'CURRENT_TIMESTAMP' },
      { name: 'updated_at', type: 'timestamp', default: 'CURRENT_TIMESTAMP' },
    ];
    const game = {
      columnNames: ['game_id'],
      referencedTableName: 'games',
      referencedColumnNames: ['id'],
      onDelete: 'CASCADE',
    };
    await q.createTable(
      new Table({
        name: 'table_codes',
        columns: [
          id,
          ...stamps,
          { name: 'game_id', type: 'integer' },
          { name: 'seat', type: 'integer' },
          { name: 'code', type: 'varchar', length: '16', isUnique: true },
        ],
        uniques: [{ name: 'uq_table_codes_seat', columnNames: ['game_id', 'seat'] }],
        foreignKeys: [game],
      }),
    );
    await q.createTable(
      new Table({
        name: 'sheet_submissions',
        columns: [
          id,
          ...stamps,
          { name: 'game_id', type: 'integer' },
          { name: 'seat', type: 'integer' },
          { name: 'sheet', type: 'text' },
          { name: 'report', type: 'text' },
          { name: 'ok', type: 'boolean' },
          { name: 'confirmations', type: 'text' },
          { name: 'status', type: 'varchar', length: '20' },
          { name: 'note', type: 'varchar', length: '500', isNullable: true },
        ],
        indices: [{ name: 'ix_sheet_submissions_game', columnNames: ['game_id'] }],
        foreignKeys: [game],
      }),
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.dropTable('sheet_submissions');
    await q.dropTable('table_codes');
  }
}
