import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';

/**
 * Ratings (`src/ratings`): when a tournament was closed (its results final), the imported
 * rating list, the ratings computed from it and the closed tournaments, and each closed
 * tournament's rating report. Nothing is closed yet, so nothing is rated.
 */
export class Ratings1765200000000 implements MigrationInterface {
  name = 'Ratings1765200000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.addColumn(
      'tournaments',
      new TableColumn({ name: 'closed_at', type: 'timestamp', isNullable: true }),
    );
    const id = {
      name: 'id',
      type: 'integer',
      isPrimary: true,
      isGenerated: true,
      generationStrategy: 'increment' as const,
    };
    const timestamps = [
      { name: 'created_at', type: 'timestamp', default: 'CURRENT_TIMESTAMP' },
      { name: 'updated_at', type: 'timestamp', default: 'CURRENT_TIMESTAMP' },
    ];
    for (const table of ['ratings', 'rating_list']) {
      await q.createTable(
        new Table({
          name: table,
          columns: [
            id,
            ...timestamps,
            { name: 'person_id', type: 'integer' },
            { name: 'family', type: 'varchar', length: '40' },
            { name: 'rating', type: 'integer' },
            { name: 'games', type: 'integer' },
          ],
          uniques: [{ name: `uq_${table}_person_family`, columnNames: ['person_id', 'family'] }],
          indices: [{ name: `ix_${table}_family`, columnNames: ['family', 'rating'] }],
          foreignKeys: [
            {
              columnNames: ['person_id'],
              referencedTableName: 'persons',
              referencedColumnNames: ['id'],
              onDelete: 'CASCADE',
            },
          ],
        }),
      );
    }
    await q.createTable(
      new Table({
        name: 'rating_reports',
        columns: [
          id,
          ...timestamps,
          { name: 'tournament_id', type: 'integer' },
          { name: 'family', type: 'varchar', length: '40' },
          { name: 'changes', type: 'text' },
        ],
        uniques: [
          { name: 'uq_rating_reports_tournament_family', columnNames: ['tournament_id', 'family'] },
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
    await q.dropTable('rating_reports');
    await q.dropTable('rating_list');
    await q.dropTable('ratings');
    await q.dropColumn('tournaments', 'closed_at');
  }
}
