import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A long job as every server on the database sees it (`src/jobs/jobs.ts` writes it: at its
 * start, its progress at most every 200 ms, a heartbeat every second, its end at once).
 * Times are milliseconds since 1970; the result and the refusal are JSON.
 */
@Entity('jobs')
export class JobRow {
  @PrimaryColumn({ type: 'varchar', length: 12 })
  id: string;

  @Column({ type: 'varchar', length: 40 })
  kind: string;

  @Column({ name: 'owner_id', type: 'integer', nullable: true })
  ownerId: number | null;

  /** running, done, refused or failed. */
  @Column({ type: 'varchar', length: 10 })
  state: string;

  @Column({ type: 'varchar', length: 40 })
  phase: string;

  @Column({ type: 'integer', default: 0 })
  done: number;

  @Column({ type: 'integer', default: 0 })
  total: number;

  @Column({ type: 'text', nullable: true })
  result: string | null;

  @Column({ type: 'text', nullable: true })
  refusal: string | null;

  @Column({ name: 'started_at', type: 'bigint' })
  startedAt: string;

  @Column({ name: 'finished_at', type: 'bigint', nullable: true })
  finishedAt: string | null;

  /** Written by the server running the job while it runs: a stale one means that server stopped. */
  @Column({ name: 'heartbeat_at', type: 'bigint' })
  heartbeatAt: string;

  /** The process running it (random, per start). */
  @Column({ type: 'varchar', length: 16 })
  server: string;

  @Column({ type: 'integer', default: 1 })
  revision: number;
}
