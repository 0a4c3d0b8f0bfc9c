import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Job } from '../jobs/jobs';
import { RatingsService, Recomputed } from './ratings.service';

/**
 * Rating reports written before a report said where each start came from (the list, the rating
 * typed at registration, a first rating) were computed when a registered rating was no start and
 * games at tables were not rated: another formula's figures. They would stay until the next
 * tournament is closed. At start-up, if any is left, every rating and report is computed again,
 * once, in the background, as the organiser's "recompute" does; the server answers meanwhile.
 */
@Injectable()
export class StaleRatingReports implements OnApplicationBootstrap {
  private readonly logger = new Logger('Ratings');

  constructor(
    private readonly dataSource: DataSource,
    private readonly ratings: RatingsService,
  ) {}

  onApplicationBootstrap(): void {
    this.recomputeIfStale().catch((e: unknown) => {
      // A server stopped at once (a test, a failed start) may close the database under the check.
      if (this.dataSource.isInitialized)
        this.logger.error(`Checking the rating reports failed: ${String(e)}`);
    });
  }

  /** Starts the recomputation when a report of the earlier formula is left; null when none is. */
  async recomputeIfStale(): Promise<Job<Recomputed> | null> {
    const stale = await this.dataSource.query<{ n: number | string }[]>(
      `SELECT COUNT(*) AS n FROM rating_reports WHERE changes LIKE '[{%' AND changes NOT LIKE '%"source":%'`,
    );
    const n = Number(stale[0]?.n ?? 0);
    if (n === 0) return null;
    this.logger.log(
      `${n} rating report(s) were computed by the earlier formula (no start source): recomputing every rating in the background`,
    );
    return this.ratings.startRecompute(null);
  }
}
