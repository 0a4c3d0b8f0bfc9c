import { readdirSync, readFileSync } from 'fs';
import { ratingList } from '../../../bench/rating-list';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';

/**
 * Each long job runs in a process of its own (`src/jobs/in-job-process.ts`), which gives all
 * its memory back when it ends: seen here from outside, through `/proc`. A job whose process
 * dies is a failed job, nothing of it stored; a server's stop, or its death, ends its jobs'
 * processes.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A process's parent and state (`Z` for a zombie: ended, not yet reaped), or null when gone. */
function stat(pid: number): { ppid: number; state: string } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], ppid: Number(fields[1]) };
  } catch {
    return null;
  }
}

/** The job processes a server runs now: its children running `job-process.js`. */
function jobProcesses(server: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || stat(pid)?.ppid !== server) continue;
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (args.some((a) => a.endsWith('job-process.js'))) out.push(pid);
    } catch {
      // Ended meanwhile.
    }
  }
  return out;
}

const alive = (pid: number) => {
  const s = stat(pid);
  return s !== null && s.state !== 'Z';
};

/** Waits up to `ms` for `check` to hold; whether it did. */
async function within(ms: number, check: () => boolean): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (check()) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts a 20,000-row list (some seconds of work) on `app`; the job's id and its process. */
async function longJob(app: TestApp, first: number): Promise<{ id: string; pid: number }> {
  const started = await app.http
    .post('/api/ratings/import')
    .set(t.organiser)
    .set('Prefer', 'respond-async')
    .send({ csv: ratingList(20_000, first) })
    .expect(202);
  let pids: number[] = [];
  expect(await within(10_000, () => (pids = jobProcesses(app.pid)).length > 0)).toBe(true);
  expect(pids).toHaveLength(1);
  return { id: started.body.id as string, pid: pids[0] };
}

interface JobJson {
  state: string;
  result: Record<string, unknown> | null;
  error: { statusCode: number; code: string } | null;
}

async function follow(app: TestApp, id: string): Promise<JobJson> {
  for (;;) {
    const job = (await app.http.get(`/api/jobs/${id}`).set(t.organiser).expect(200))
      .body as JobJson;
    if (job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const ratingsCount = async (app: TestApp) =>
  ((await app.http.get('/api/ratings?family=kvizovka').expect(200)).body as unknown[]).length;

describe(`a job's process (${DATABASE_KIND})`, () => {
  it('a rating list is imported in a process of the server, which is gone once the job ends', async () => {
    const { id, pid } = await longJob(t, 1);
    expect(pid).not.toBe(t.pid);
    expect(await follow(t, id)).toMatchObject({
      state: 'done',
      result: { imported: 20_000, persons: 20_000 },
    });
    expect(await within(5000, () => !alive(pid))).toBe(true);
    expect(jobProcesses(t.pid)).toEqual([]);
  }, 120_000);

  it('a job whose process is killed fails (500, nothing stored), the log says how it stopped, and the next job runs', async () => {
    const before = await ratingsCount(t);
    const { id, pid } = await longJob(t, 100_001);
    process.kill(pid, 'SIGKILL');
    expect(await follow(t, id)).toMatchObject({
      state: 'failed',
      error: { statusCode: 500, code: 'INTERNAL' },
    });
    expect(t.log()).toContain(
      'job ratings.import: its process stopped before its end (signal SIGKILL)',
    );
    expect(await ratingsCount(t)).toBe(before);
    await t.http
      .post('/api/ratings/import')
      .set(t.organiser)
      .send({ csv: ratingList(10, 200_001) })
      .expect(200);
    expect(await ratingsCount(t)).toBe(before + 10);
  }, 120_000);

  it("a server's stop ends its jobs' processes, and so does its death (kill -9)", async () => {
    const stopped = await t.another();
    const job = await longJob(stopped, 300_001);
    await stopped.terminate();
    expect(await within(5000, () => !alive(job.pid))).toBe(true);
    const killed = await t.another();
    const orphan = await longJob(killed, 400_001);
    await killed.close(); // SIGKILL: the job's process hears its channel close
    expect(await within(5000, () => !alive(orphan.pid))).toBe(true);
  }, 120_000);

  it('a job whose rows landed is done, even when its server dies before it hears the end', async () => {
    // The job's process ends the job's row in its write's transaction. Here its server is
    // frozen while the job writes (SIGSTOP: it hears nothing more, writes nothing more), then
    // killed; another server, which takes a row silent for 3 s for a lost job, reads it.
    const runner = await t.another();
    const reader = await t.another({ JOB_STALE_MS: '3000' });
    try {
      const { id, pid } = await longJob(runner, 500_001);
      // The runner answers its own job from memory, each step as its process reports it.
      const phase = async () =>
        ((await runner.http.get(`/api/jobs/${id}`).set(t.organiser).expect(200)).body as {
          state: string;
          progress: { phase: string };
        }) ?? null;
      let seen = await phase();
      while (seen.state === 'running' && !['write', 'recompute'].includes(seen.progress.phase)) {
        await new Promise((r) => setTimeout(r, 5));
        seen = await phase();
      }
      process.kill(runner.pid, 'SIGSTOP');
      expect(seen.state).toBe('running');
      // Still writing when its server stopped: nobody told the server of its end.
      expect(alive(pid)).toBe(true);
      expect(await within(30_000, () => !alive(pid))).toBe(true);
      await runner.close();
      await new Promise((r) => setTimeout(r, 3500));
      const ended = await follow(reader, id);
      // Its 20,000 persons are in the registry (beside those of this file's earlier jobs).
      expect(ended).toMatchObject({ state: 'done', result: { imported: 20_000 }, error: null });
      expect(ended.result?.persons).toBeGreaterThanOrEqual(20_000);
    } finally {
      await reader.close();
    }
  }, 120_000);
});
