import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Long jobs (imports, recomputes) move from the memory of the server running them into the
 * database, so that any server behind one address answers a job's page, API and live stream
 * (`src/jobs`). Starts empty: jobs are kept an hour after they end.
 */
export class Jobs1765800000000 implements MigrationInterface {
  name = 'Jobs1765800000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'jobs',
        columns: [
          { name: 'id', type: 'varchar', length: '12', isPrimary: true },
          { name: 'kind', type: 'varchar', length: '40' },
          { name: 'owner_id', type: 'integer', isNullable: true },
          { name: 'state', type: 'varchar', length: '10' },
          { name: 'phase', type: 'varchar', length: '40' },
          { name: 'done', type: 'integer', default: 0 },
          { name: 'total', type: 'integer', default: 0 },
          { name: 'result', type: 'text', isNullable: true },
          { name: 'refusal', type: 'text', isNullable: true },
          { name: 'started_at', type: 'bigint' },
          { name: 'finished_at', type: 'bigint', isNullable: true },
          { name: 'heartbeat_at', type: 'bigint' },
          { name: 'server', type: 'varchar', length: '16' },
          { name: 'revision', type: 'integer', default: 1 },
        ],
      }),
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.dropTable('jobs');
  }
}
