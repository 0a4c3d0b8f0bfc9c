import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * The throttles' counts move from each process's memory into the database, so that every
 * server on it counts together and a restart forgets nothing (`src/throttle`); and a table of
 * secrets shared by the servers, the first of which signs device cookies. Both start empty.
 */
export class ThrottleCounters1765700000000 implements MigrationInterface {
  name = 'ThrottleCounters1765700000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'throttle_counters',
        columns: [
          { name: 'key', type: 'varchar', length: '80', isPrimary: true },
          { name: 'failures', type: 'integer', default: 0 },
          { name: 'pending', type: 'integer', default: 0 },
          { name: 'pending_at', type: 'bigint', default: 0 },
          { name: 'first_failure_at', type: 'bigint', default: 0 },
          { name: 'last_failure_at', type: 'bigint', default: 0 },
          { name: 'wait_until', type: 'bigint', default: 0 },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'server_secrets',
        columns: [
          { name: 'name', type: 'varchar', length: '40', isPrimary: true },
          { name: 'value', type: 'varchar', length: '200' },
        ],
      }),
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.dropTable('server_secrets');
    await q.dropTable('throttle_counters');
  }
}
