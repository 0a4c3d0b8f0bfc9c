import { execFile } from 'child_process';
import { join } from 'path';
import { promisify } from 'util';

interface Answered {
  status: number;
  body: string;
  writes: number;
  routed: number;
}

/**
 * Which errors of a write taken before the routes (src/results/writes-first.ts) are handed on
 * to them, and so made again, and which are answered where they happened: a write is made at
 * most once whatever it throws. The results service stands in for the real one (the e2e
 * `write-statements` drives that): it throws as the real one can, a refusal before its commit
 * or a failure after it. Run on the built server in a process of its own
 * (test/fixtures/processes/early-write-errors.js), since the server's modules load Nest.
 */
describe('a write taken before the routes', () => {
  let answered: Record<'refusal' | 'failure', Answered>;
  beforeAll(async () => {
    const script = join(__dirname, '..', 'fixtures', 'processes', 'early-write-errors.js');
    const { stdout } = await promisify(execFile)(process.execPath, [script], { timeout: 30000 });
    answered = JSON.parse(stdout) as typeof answered;
  });

  it('a refusal (thrown before the commit) goes to the route, which refuses it in its words', () => {
    const { status, body, writes, routed } = answered.refusal;
    expect({ status, body, writes, routed }).toEqual({
      status: 299,
      body: 'routed',
      writes: 1,
      routed: 1,
    });
  });

  it('any other error (it may come after the commit) is answered here, the write not made again', () => {
    const { status, body, writes, routed } = answered.failure;
    expect(status).toBe(500);
    expect(JSON.parse(body)).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'something went wrong on the server; it has been logged',
    });
    expect({ writes, routed }).toEqual({ writes: 1, routed: 0 });
  });
});
