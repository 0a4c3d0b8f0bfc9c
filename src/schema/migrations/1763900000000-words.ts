import { MigrationInterface, QueryRunner, Table, TableColumnOptions } from 'typeorm';

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

/** Tournaments' own word lists and the word judge's log. */
export class Words1763900000000 implements MigrationInterface {
  name = 'Words1763900000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'word_lists',
        columns: [
          id,
          { name: 'tournament_id', type: 'integer', isUnique: true },
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'words', type: 'text' },
          { name: 'word_count', type: 'integer' },
          ...timestamps,
        ],
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
    await q.createTable(
      new Table({
        name: 'word_rulings',
        columns: [
          id,
          { name: 'tournament_id', type: 'integer', isNullable: true },
          { name: 'game_id', type: 'integer', isNullable: true },
          { name: 'turn', type: 'integer', isNullable: true },
          { name: 'rule_set', type: 'varchar', length: '50' },
          { name: 'word_list', type: 'varchar', length: '100' },
          { name: 'words', type: 'text' },
          { name: 'verdict', type: 'varchar', length: '10' },
          { name: 'user_id', type: 'integer', isNullable: true },
          { name: 'user_name', type: 'varchar', length: '200', isNullable: true },
          ...timestamps,
        ],
        indices: [{ columnNames: ['tournament_id'] }, { columnNames: ['game_id'] }],
      }),
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.dropTable('word_rulings');
    await q.dropTable('word_lists');
  }
}
