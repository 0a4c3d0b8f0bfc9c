import {
  MigrationInterface,
  QueryRunner,
  Table,
  TableColumn,
  TableForeignKey,
  TableIndex,
} from 'typeorm';
import { lookAlikeKey, nameKey } from '../../i18n/names';

/**
 * The registry of persons (`src/registry`): a person plays in many tournaments, each
 * tournament's player names its person. Every player registered so far becomes a person of
 * their own, with the player's id, name and club (nobody is merged by guesswork; nothing is
 * lost), so `players.person_id` starts equal to `players.id`.
 */
export class Persons1765100000000 implements MigrationInterface {
  name = 'Persons1765100000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'persons',
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
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'name_key', type: 'varchar', length: '200' },
          { name: 'search_key', type: 'varchar', length: '400' },
          { name: 'club', type: 'varchar', length: '200', isNullable: true },
          { name: 'country', type: 'varchar', length: '3', isNullable: true },
          {
            name: 'federation_id',
            type: 'varchar',
            length: '20',
            isNullable: true,
            isUnique: true,
          },
          { name: 'version', type: 'integer', default: 1 },
        ],
        indices: [{ name: 'ix_persons_name_key', columnNames: ['name_key'] }],
      }),
    );
    await q.addColumn(
      'players',
      new TableColumn({ name: 'person_id', type: 'integer', isNullable: true }),
    );
    await q.createForeignKey(
      'players',
      new TableForeignKey({
        name: 'fk_players_person',
        columnNames: ['person_id'],
        referencedTableName: 'persons',
        referencedColumnNames: ['id'],
      }),
    );
    await q.createIndex(
      'players',
      new TableIndex({ name: 'ix_players_person', columnNames: ['person_id'] }),
    );
    await q.query(
      `INSERT INTO persons (id, name, name_key, search_key, club, country, federation_id, version, created_at, updated_at)
       SELECT id, name, '', '', club, NULL, NULL, 1, created_at, updated_at FROM players`,
    );
    await q.query('UPDATE players SET person_id = id');
    const rows = (await q.query('SELECT id, name FROM persons')) as { id: number; name: string }[];
    const postgres = q.connection.options.type === 'postgres';
    const update = postgres
      ? 'UPDATE persons SET name_key = $1, search_key = $2 WHERE id = $3'
      : 'UPDATE persons SET name_key = ?, search_key = ? WHERE id = ?';
    for (const row of rows) {
      await q.query(update, [nameKey(row.name), lookAlikeKey(row.name), row.id]);
    }
    if (postgres) {
      // Ids were given, not drawn: the sequence goes on after the largest.
      await q.query(
        `SELECT setval(pg_get_serial_sequence('persons', 'id'), COALESCE((SELECT MAX(id) FROM persons), 0) + 1, false)`,
      );
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('players', 'ix_players_person');
    await q.dropForeignKey('players', 'fk_players_person');
    await q.dropColumn('players', 'person_id');
    await q.dropTable('persons');
  }
}
