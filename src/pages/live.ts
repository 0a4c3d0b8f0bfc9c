import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createHash } from 'crypto';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import type { Request, Response } from 'express';
import { Revisions } from '../database/revisions';
import { urls } from './urls';

/**
 * The live pages' script (`src/browser/live.ts`, bundled by `npm run build`),
 * with a hash of its bytes in its URL like the sheet form's.
 */
export const LIVE_SCRIPT = (() => {
  const path = join(__dirname, '..', '..', 'assets', 'live.js');
  const body = existsSync(path) ? readFileSync(path) : null;
  const hash = body ? createHash('sha256').update(body).digest('hex').slice(0, 12) : 'missing';
  return { path, body, hash, url: `/assets/live.js?v=${hash}` };
})();

/** What a live page's layout needs: where to hear of changes, and the revision it shows. */
export interface LiveRef {
  events: string;
  revision: number;
  script: string;
}

/** The live part of a division page's model. */
export function liveRef(divisionId: number, revision: number): LiveRef {
  return { events: urls.events(divisionId), revision, script: LIVE_SCRIPT.url };
}

/** Live-update connections one process holds at most, unless `LIVE_CONNECTIONS` says otherwise. */
export const DEFAULT_LIVE_CONNECTIONS = 2000;
/** A comment line this often keeps proxies and phones from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** What a browser is told to wait before connecting again (after a drop, or a 503). */
const RETRY_MS = 5_000;
const RETRY_AFTER_S = 30;

/**
 * The open server-sent-event streams of live pages. Each stream names one
 * division; it is sent the division's revision when it opens and whenever it
 * moves, and a comment every {@link HEARTBEAT_MS}. Streams past the cap are
 * answered 503 with `Retry-After`, so that page requests always find room.
 * They end when the server stops (browsers then connect to the next one).
 */
@Injectable()
export class LiveStreams implements BeforeApplicationShutdown {
  private readonly logger = new Logger('LiveStreams');
  private readonly open = new Set<Response>();
  private readonly cap: number;
  private heartbeat: NodeJS.Timeout | null = null;
  private lastWarned = 0;

  constructor(
    private readonly revisions: Revisions,
    config: ConfigService,
  ) {
    const raw = config.get<string>('LIVE_CONNECTIONS');
    this.cap = raw !== undefined && raw !== '' ? Number(raw) : DEFAULT_LIVE_CONNECTIONS;
  }

  /** Streams open now. */
  get size(): number {
    return this.open.size;
  }

  /**
   * Answers `GET /divisions/:id/events`: the stream, or a 503 when the process
   * holds as many as it may. The division must exist (`revision` is its
   * current revision).
   */
  serve(req: Request, res: Response, division: number, revision: number): void {
    // The visitor may have left while the revision was read: a stream opened now would never
    // hear its 'close' and would hold a place of the cap for good.
    if (res.destroyed || req.socket.destroyed) return;
    if (this.open.size >= this.cap) {
      this.warnFull();
      res
        .status(503)
        .setHeader('Retry-After', String(RETRY_AFTER_S))
        .setHeader('Cache-Control', 'no-store')
        .type('text/plain')
        .send(
          `this server holds ${this.cap} live-update connections already; try again in ${RETRY_AFTER_S} s (the page itself works without them)`,
        );
      return;
    }
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.flushHeaders();
    req.socket.setNoDelay(true);
    req.socket.setTimeout(0);
    let last = -1;
    const send = (r: number) => {
      if (r <= last) return;
      last = r;
      this.write(res, `event: revision\nid: ${r}\ndata: ${r}\n\n`);
    };
    this.write(res, `retry: ${RETRY_MS}\n\n`);
    const unwatch = this.revisions.watch(division, send);
    this.open.add(res);
    this.startHeartbeat();
    send(revision);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      unwatch();
      this.open.delete(res);
      if (this.open.size === 0) this.stopHeartbeat();
    };
    res.on('close', close);
    req.socket.once('close', close);
  }

  /** Ends every stream before the server closes, which waits for open connections. */
  beforeApplicationShutdown(): void {
    this.stopHeartbeat();
    for (const res of this.open) res.end();
    this.open.clear();
  }

  private write(res: Response, text: string): void {
    if (res.writableEnded || res.destroyed) return;
    res.write(text);
    (res as Response & { flush?: () => void }).flush?.();
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const res of this.open) this.write(res, ': heartbeat\n\n');
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (!this.heartbeat) return;
    clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /** Says in the log that the cap is reached (once a minute at most). */
  private warnFull(): void {
    const now = Date.now();
    if (now - this.lastWarned < 60_000) return;
    this.lastWarned = now;
    this.logger.warn(`${this.cap} live-update connections are open: new ones are refused with 503`);
  }
}
