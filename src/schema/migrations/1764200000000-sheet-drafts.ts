import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Score sheets being typed, one per game, kept as the judge types. */
export class SheetDrafts1764200000000 implements MigrationInterface {
  name = 'SheetDrafts1764200000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'sheet_drafts',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'game_id', type: 'integer', isUnique: true },
          { name: 'form', type: 'text' },
          { name: 'version', type: 'integer' },
          { name: 'saved_by', type: 'varchar', length: '200', isNullable: true },
          { name: 'created_at', type: 'timestamp', default: 'CURRENT_TIMESTAMP' },
          { name: 'updated_at', type: 'timestamp', default: 'CURRENT_TIMESTAMP' },
        ],
        foreignKeys: [
          {
            columnNames: ['game_id'],
            referencedTableName: 'games',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.dropTable('sheet_drafts');
  }
}
