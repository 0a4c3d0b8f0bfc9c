import type { DataSource } from 'typeorm';

/** node-postgres's pool size when TypeORM is given none. */
const PG_POOL_DEFAULT = 10;

/**
 * Opens every connection of PostgreSQL's pool before the server listens. A server started
 * again mid-round behind a proxy is sent its share of the hall at once; opened then, each
 * connection is a backend PostgreSQL starts with its caches empty, on the cores the other
 * server is answering on.
 */
export async function fillDatabasePool(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type !== 'postgres') return;
  const size = dataSource.options.poolSize ?? PG_POOL_DEFAULT;
  await Promise.all(Array.from({ length: size }, () => dataSource.query('SELECT 1')));
}
