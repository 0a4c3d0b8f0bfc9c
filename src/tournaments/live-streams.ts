import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { randomBytes } from 'crypto';
import type { Request, Response } from 'express';
import { Revisions } from './revisions';
import { LANG_COOKIE, LANG_QUERY, pickLanguage, t } from '../i18n';
import {
  LiveClient,
  LiveRefusal,
  LiveShares,
  LIVE_PACE_MS,
  liveShareSettings,
  shareAddress,
} from '../web/live-shares';
import { queryValue } from '../web/page-context';

export { DEFAULT_LIVE_CONNECTIONS } from '../web/live-shares';
/** The cookie that tells one browser from another behind a shared address (see {@link LiveShares}). */
export const CLIENT_COOKIE = 'arbiter_client';
const CLIENT_ID = /^[A-Za-z0-9_-]{16,64}$/;
const YEAR_MS = 365 * 24 * 3600 * 1000;
/** A comment line this often keeps proxies and phones from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/**
 * What a browser is told to wait before connecting again (after a drop, or a 503): short enough
 * that a page whose server died behind a proxy is on another within 5 s (reverse-proxy e2e).
 */
const RETRY_MS = 2_000;
const RETRY_AFTER_S = 30;

/**
 * The open server-sent-event streams of live pages. Each stream names one
 * division; it is sent the division's revision when it opens and whenever it
 * moves, and a comment every {@link HEARTBEAT_MS}. Streams past the process's
 * cap are answered 503 with `Retry-After`, so that page requests always find
 * room; streams past an address's or a browser's share ({@link LiveShares}),
 * 429 with `Retry-After`; either in the page's language.
 * They end when the server stops (browsers then connect to the next one).
 */
@Injectable()
export class LiveStreams implements BeforeApplicationShutdown {
  private readonly logger = new Logger('LiveStreams');
  private readonly open = new Set<Response>();
  private readonly shares: LiveShares;
  private heartbeat: NodeJS.Timeout | null = null;
  private lastWarned = 0;

  constructor(
    private readonly revisions: Revisions,
    config: ConfigService,
  ) {
    const read = (name: string): number | undefined => {
      const raw = config.get<string>(name);
      return raw !== undefined && raw !== '' ? Number(raw) : undefined;
    };
    this.shares = new LiveShares(
      liveShareSettings(
        read('LIVE_CONNECTIONS'),
        read('LIVE_PER_ADDRESS'),
        read('LIVE_PER_CLIENT'),
      ),
    );
  }

  /** Streams open now. */
  get size(): number {
    return this.open.size;
  }

  /**
   * Answers `GET /divisions/:id/events`: the stream, or a 503 when the process
   * holds as many as it may. The division must exist (`revision` is its
   * current revision). A job's page passes its own watch in place of the division.
   */
  serve(
    req: Request,
    res: Response,
    division: number | ((send: (revision: number) => void) => () => void),
    revision: number,
  ): void {
    // The visitor may have left while the revision was read: a stream opened now would never
    // hear its 'close' and would hold a place of the cap for good.
    if (res.destroyed || req.socket.destroyed) return;
    const client = this.clientOf(req, res);
    const taken = this.shares.take(client);
    if ('refused' in taken) {
      this.refuse(req, res, taken.refused);
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
    let wanted = -1;
    let sentAt = -Infinity;
    let paced: NodeJS.Timeout | null = null;
    const flush = () => {
      paced = null;
      if (wanted <= last) return;
      last = wanted;
      sentAt = Date.now();
      this.write(res, `event: revision\nid: ${last}\ndata: ${last}\n\n`);
    };
    // A busy round moves a division several times a second, and each event has every phone
    // fetch its page again: a stream says at once the first revision after a quiet spell, and
    // the newest of those that follow at most once every LIVE_PACE_MS.
    const send = (r: number) => {
      wanted = Math.max(wanted, r);
      if (wanted <= last || paced) return;
      const wait = sentAt + LIVE_PACE_MS - Date.now();
      if (wait <= 0) flush();
      else paced = setTimeout(flush, wait);
    };
    this.write(res, `retry: ${RETRY_MS}\n\n`);
    // A division's revisions, or another source of them (a long job's progress).
    const unwatch =
      typeof division === 'number' ? this.revisions.watch(division, send) : division(send);
    const place = taken.place;
    this.open.add(res);
    this.startHeartbeat();
    send(revision);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      if (paced) clearTimeout(paced);
      unwatch();
      place();
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

  /**
   * Who asks: the client address as Express reads it (`req.ip`, through the trusted proxy)
   * and the browser's client cookie. A request without one is given one with the answer,
   * whatever the answer, so that its next stream is known.
   */
  private clientOf(req: Request, res: Response): LiveClient {
    const sent: unknown = (req.cookies as Record<string, unknown> | undefined)?.[CLIENT_COOKIE];
    const cookie = typeof sent === 'string' && CLIENT_ID.test(sent) ? sent : null;
    const minted = cookie ?? randomBytes(16).toString('base64url');
    if (cookie === null) {
      res.cookie(CLIENT_COOKIE, minted, {
        path: '/',
        maxAge: YEAR_MS,
        sameSite: 'lax',
        httpOnly: true,
        secure: req.secure,
      });
    }
    return { address: shareAddress(req.ip ?? req.socket.remoteAddress), cookie, minted };
  }

  /** 503 when the process is full, 429 when a share is; the words in the page's language. */
  private refuse(req: Request, res: Response, refusal: LiveRefusal): void {
    const lang = pickLanguage(
      queryValue(req, LANG_QUERY),
      (req.cookies as Record<string, unknown> | undefined)?.[LANG_COOKIE],
    );
    const params = { n: refusal.limit, seconds: RETRY_AFTER_S };
    if (refusal.reason === 'pool') this.warnFull();
    res
      .status(refusal.reason === 'pool' ? 503 : 429)
      .setHeader('Retry-After', String(RETRY_AFTER_S))
      .setHeader('Cache-Control', 'no-store')
      .type('text/plain')
      .send(t(lang, `live.refused.${refusal.reason}`, params));
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
    this.logger.warn(
      `${this.shares.settings.pool} live-update connections are open: new ones are refused with 503`,
    );
  }
}
