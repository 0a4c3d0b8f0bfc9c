/**
 * The yardstick of `npm run bench -- server`: plain `node:http` sending bytes taken from
 * Arbiter's answers, with their headers, and nothing else (no routing beyond a map of paths,
 * no middleware, no cache logic). Run as its own process, so that its CPU is read from /proc
 * as Arbiter's is: `node plain-server.js answers.json`, it prints `listening <port>`.
 */
import { readFileSync } from 'fs';
import { createServer, OutgoingHttpHeaders } from 'http';

/** One answer to send: what Arbiter sent for `path`, its body base64. */
export interface PlainAnswer {
  path: string;
  status: number;
  headers: OutgoingHttpHeaders;
  body: string;
}

function main(): void {
  const answers = JSON.parse(readFileSync(process.argv[2], 'utf8')) as PlainAnswer[];
  const byPath = new Map(
    answers.map((a) => {
      const body = Buffer.from(a.body, 'base64');
      return [
        a.path,
        { status: a.status, headers: { ...a.headers, 'content-length': body.length }, body },
      ];
    }),
  );
  const server = createServer((req, res) => {
    const answer = byPath.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
  server.listen(0, '127.0.0.1', () => {
    console.log(`listening ${(server.address() as { port: number }).port}`);
  });
  process.on('SIGTERM', () => process.exit(0));
}

if (require.main === module) main();
