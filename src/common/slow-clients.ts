import type { IncomingMessage, Server, ServerResponse } from 'http';
import type { Socket } from 'net';
import { LANG_COOKIE, LANG_QUERY, languageFromAcceptLanguage, pickLanguage, t } from '../i18n';

/**
 * How slowly a request may arrive. A phone's request headers are a kilobyte or two:
 * even at a poor hall Wi-Fi's few kilobytes a second they take well under a second, so
 * `headersTimeout` of 10 s leaves room for a radio waking up and drops a client that
 * sends its headers a byte at a time (slowloris). A body is timed by what has
 * arrived, as Apache's mod_reqtimeout does (`body=…,MinRate=…`): it has
 * `bodyTimeoutMs` free, and each `bodyMinRate` bytes received buy it one more
 * second. A 100 MB import on a link of 1 Mbit/s (125 KB/s) is never near its
 * deadline; a body trickled a byte a second is dropped after about `bodyTimeoutMs`.
 */
export interface SlowClientSettings {
  /** `HEADERS_TIMEOUT_MS`: a request's line and headers must have arrived within this. */
  headersTimeoutMs: number;
  /** `BODY_TIMEOUT_MS`: time a body has before it must keep up the rate. */
  bodyTimeoutMs: number;
  /** `BODY_MIN_RATE`: bytes a second a body must average after that. */
  bodyMinRate: number;
}

export const DEFAULT_SLOW_CLIENTS: SlowClientSettings = {
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 10_000,
  bodyMinRate: 1000,
};

/** How often slow requests are looked for (Node's own default is every 30 s). */
const CHECK_MS = 500;
/**
 * How long a connection answered before its body arrived still reads (into nothing)
 * before it is closed, so that a client still sending hears the answer rather than a
 * reset (nginx's `lingering_time` does the same).
 */
export const LINGER_MS = 2000;

/** The settings from the (validated) environment. */
export function slowClientSettings(config: {
  get<T>(name: string): T | undefined;
}): SlowClientSettings {
  const read = (name: string, fallback: number) => {
    const v = config.get<string>(name);
    return v !== undefined && v !== '' ? Number(v) : fallback;
  };
  return {
    headersTimeoutMs: read('HEADERS_TIMEOUT_MS', DEFAULT_SLOW_CLIENTS.headersTimeoutMs),
    bodyTimeoutMs: read('BODY_TIMEOUT_MS', DEFAULT_SLOW_CLIENTS.bodyTimeoutMs),
    bodyMinRate: read('BODY_MIN_RATE', DEFAULT_SLOW_CLIENTS.bodyMinRate),
  };
}

interface Watched {
  req: IncomingMessage;
  res: ServerResponse;
  socket: Socket;
  /** When the headers had arrived, moved on by the time the server itself did not read. */
  since: number;
  bytesBefore: number;
}

/**
 * Drops slow clients within seconds: request headers through Node's own
 * `headersTimeout` (answered 408), bodies by the rate of {@link SlowClientSettings}
 * (answered 408 in the request's language, then closed). Node's `requestTimeout`, a
 * fixed time for the whole request, is off: it would cut a large upload on a slow
 * link, and bodies are timed by their rate instead. Nothing here touches an answer
 * once its request has arrived: a live-update stream runs as long as it likes.
 */
export function dropSlowClients(server: Server, settings: SlowClientSettings): void {
  server.headersTimeout = settings.headersTimeoutMs;
  server.requestTimeout = 0;
  // Read by Node when the server starts listening: how often it looks for late headers.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    CHECK_MS;
  const watched = new Set<Watched>();
  let timer: NodeJS.Timeout | null = null;
  const sweep = () => {
    const now = Date.now();
    for (const w of watched) {
      if (w.req.complete || w.socket.destroyed) {
        watched.delete(w);
        continue;
      }
      // A body the server is not reading yet (its buffer full) is not the client's delay.
      if (w.req.readableLength >= w.req.readableHighWaterMark) {
        w.since += CHECK_MS;
        continue;
      }
      const received = w.socket.bytesRead - w.bytesBefore;
      const deadline = w.since + settings.bodyTimeoutMs + (received / settings.bodyMinRate) * 1000;
      if (now > deadline) {
        watched.delete(w);
        dropSlowBody(w, settings);
      }
    }
    if (watched.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!hasBody(req) || req.complete) return;
    watched.add({
      req,
      res,
      socket: req.socket,
      since: Date.now(),
      bytesBefore: req.socket.bytesRead,
    });
    if (!timer) {
      timer = setInterval(sweep, CHECK_MS);
      timer.unref();
    }
  });
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** 408 in the request's language, if nothing of an answer has gone yet; then the connection closes. */
function dropSlowBody(w: Watched, settings: SlowClientSettings): void {
  const { req, res, socket } = w;
  if (!res.headersSent && socket.writable && socket.bytesWritten === 0) {
    const text = t(languageOf(req), 'http.bodyTooSlow', {
      seconds: Math.round(settings.bodyTimeoutMs / 1000),
      rate: settings.bodyMinRate,
    });
    const body = Buffer.from(text, 'utf8');
    socket.write(
      'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n' +
        'Content-Type: text/plain; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n' +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body);
  }
  socket.destroySoon();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/** The language of a request before Express has read its cookies: `?lang=`, then the cookie. */
function languageOf(req: IncomingMessage) {
  const query = new RegExp(`[?&]${LANG_QUERY}=([^&#]*)`).exec(req.url ?? '')?.[1];
  const cookie = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([^;]*)`).exec(
    req.headers.cookie ?? '',
  )?.[1];
  const decode = (v: string | undefined) => {
    try {
      return v === undefined ? undefined : decodeURIComponent(v);
    } catch {
      return undefined;
    }
  };
  return pickLanguage(
    decode(query),
    decode(cookie),
    languageFromAcceptLanguage(req.headers['accept-language']),
  );
}

/**
 * For an answer given before the request's body has arrived (a refusal by its length,
 * type or sender): the connection is closed after the answer, and until then what
 * still comes is read into nothing for at most {@link LINGER_MS}, never kept. The
 * client hears the answer at once instead of after sending its whole body.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete || req.destroyed) return;
  if (!res.headersSent) res.setHeader('Connection', 'close');
  const socket = req.socket;
  // Node calls this once an answer with `Connection: close` has gone out; its own closes at
  // once, and a client still sending would then be reset before it read the answer.
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}
