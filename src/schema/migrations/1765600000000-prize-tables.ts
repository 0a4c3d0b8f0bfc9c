import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * A prize table per tournament (`src/prizes`): the places' prizes, the class prizes by rating
 * band and the awards given, as JSON, with a version for If-Match. No tournament has one yet.
 */
export class PrizeTables1765600000000 implements MigrationInterface {
  name = 'PrizeTables1765600000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'prize_tables',
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
          { name: 'tournament_id', type: 'integer', isUnique: true },
          { name: 'currency', type: 'varchar', length: '10', default: "''" },
          { name: 'one_prize_per_player', type: 'boolean', default: true },
          { name: 'places', type: 'text' },
          { name: 'classes', type: 'text' },
          { name: 'awards', type: 'text' },
          { name: 'version', type: 'integer', default: 1 },
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
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.dropTable('prize_tables');
  }
}
