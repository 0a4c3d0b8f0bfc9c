import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Entries online: a tournament's window (open, deadline), the divisions that take entries
 * with their caps, and the entries players send. Nothing existing changes.
 */
export class Entries1766400000000 implements MigrationInterface {
  name = 'Entries1766400000000';

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
    const tournament = {
      columnNames: ['tournament_id'],
      referencedTableName: 'tournaments',
      referencedColumnNames: ['id'],
      onDelete: 'CASCADE',
    };
    const division = {
      columnNames: ['division_id'],
      referencedTableName: 'divisions',
      referencedColumnNames: ['id'],
      onDelete: 'CASCADE',
    };
    await q.createTable(
      new Table({
        name: 'entry_windows',
        columns: [
          id,
          ...stamps,
          { name: 'tournament_id', type: 'integer', isUnique: true },
          { name: 'open', type: 'boolean', default: false },
          { name: 'deadline_ms', type: 'bigint' },
        ],
        foreignKeys: [tournament],
      }),
    );
    await q.createTable(
      new Table({
        name: 'entry_divisions',
        columns: [
          id,
          ...stamps,
          { name: 'tournament_id', type: 'integer' },
          { name: 'division_id', type: 'integer', isUnique: true },
          { name: 'cap', type: 'integer', isNullable: true },
          { name: 'waiting_list', type: 'boolean', default: true },
        ],
        foreignKeys: [tournament, division],
      }),
    );
    await q.createTable(
      new Table({
        name: 'entries',
        columns: [
          id,
          ...stamps,
          { name: 'tournament_id', type: 'integer' },
          { name: 'division_id', type: 'integer' },
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'club', type: 'varchar', length: '200', isNullable: true },
          { name: 'federation_id', type: 'varchar', length: '20', isNullable: true },
          { name: 'person_id', type: 'integer', isNullable: true },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'lang', type: 'varchar', length: '10' },
          { name: 'status', type: 'varchar', length: '12' },
          { name: 'token_hash', type: 'varchar', length: '64', isUnique: true },
          { name: 'flags', type: 'text', default: "'[]'" },
          { name: 'player_id', type: 'integer', isNullable: true },
        ],
        indices: [{ name: 'ix_entries_division', columnNames: ['division_id', 'status'] }],
        foreignKeys: [tournament, division],
      }),
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.dropTable('entries');
    await q.dropTable('entry_divisions');
    await q.dropTable('entry_windows');
  }
}
