import { ClientRequest, get, IncomingMessage } from 'http';

/** An open server-sent-events stream, read as a browser's EventSource would. */
export interface EventStream {
  status: number;
  headers: IncomingMessage['headers'];
  /** The revisions received so far, in order. */
  revisions: number[];
  /** When each of `revisions` arrived (`Date.now()`). */
  arrivals: number[];
  /** Comment lines received (heartbeats). */
  comments: string[];
  /** Everything received as text (a refusal's sentence). */
  text(): string;
  /** Resolves with the first revision received (from now or before) that is at least `min`, or rejects after `ms`. */
  revisionAtLeast(min: number, ms: number): Promise<number>;
  close(): void;
  /** Calls `done` when the server ends the stream. */
  ended(done: () => void): void;
}

/** Opens `url` (an events stream) and parses what arrives; `from` is the local address to connect from. */
export function openEvents(
  url: string,
  options: { headers?: Record<string, string>; from?: string } = {},
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    let req: ClientRequest | null = null;
    const headers = { Accept: 'text/event-stream', ...options.headers };
    req = get(url, { headers, agent: false, localAddress: options.from }, (res) => {
      const revisions: number[] = [];
      const arrivals: number[] = [];
      const comments: string[] = [];
      const waiters: { min: number; done: (r: number) => void }[] = [];
      let buffer = '';
      let all = '';
      res.setEncoding('utf8');
      res.on('error', () => undefined);
      let over = false;
      const onEnd: (() => void)[] = [];
      res.on('close', () => {
        over = true;
        onEnd.splice(0).forEach((f) => f());
      });
      res.on('data', (chunk: string) => {
        all += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data = line.slice(6);
          }
          if (event === 'revision') {
            const r = Number(data);
            revisions.push(r);
            arrivals.push(Date.now());
            for (const w of [...waiters]) {
              if (r >= w.min) {
                waiters.splice(waiters.indexOf(w), 1);
                w.done(r);
              }
            }
          }
        }
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        revisions,
        arrivals,
        comments,
        text: () => all,
        revisionAtLeast(min, ms) {
          const seen = revisions.find((r) => r >= min);
          if (seen !== undefined) return Promise.resolve(seen);
          return new Promise((done, fail) => {
            const timer = setTimeout(
              () =>
                fail(
                  new Error(`no revision ≥ ${min} within ${ms} ms (got ${revisions.join(', ')})`),
                ),
              ms,
            );
            waiters.push({
              min,
              done: (r) => {
                clearTimeout(timer);
                done(r);
              },
            });
          });
        },
        close() {
          req?.destroy();
        },
        ended(done) {
          if (over) done();
          else onEnd.push(done);
        },
      });
    });
    req.on('error', reject);
  });
}
