import { readdirSync } from 'fs';
import { getPriority, setPriority } from 'os';

/**
 * How much lower than the server's own threads a job's process runs (an import, a recompute,
 * a backup). On a 2-core server the request thread, the other server, PostgreSQL and the proxy
 * share the cores with it; at the same priority a job takes its full share and every request
 * waits its turn behind it (a monitor's /api/health waited 0.1–3 s in
 * `npm run bench -- hall-day`). Ten steps of nice weigh about 1 to 9 against the server's
 * thread on Linux, which also runs first when it wakes; an idle core still goes to the job in
 * full, so a job on a quiet server takes no longer, and on a busy one it is allowed to take
 * longer.
 */
export const JOB_NICENESS_STEP = 10;

/**
 * How much lower password hashing runs (src/auth/password.ts): a fifth of a second of a core a
 * hash, asked for by anyone who types a password, a guesser too. Five steps (about 1 to 3
 * against the request thread): a busy hall's requests come first, while a person signing in
 * still waits seconds, not tens of them, when the server is busy.
 */
export const HASHING_NICENESS_STEP = 5;

/** The lowest priority a process or thread can have (nice 19). */
const LOWEST = 19;

/** The niceness work that may wait is given: the server's own, `step` lower (at most 19). */
export function backgroundNiceness(step = JOB_NICENESS_STEP): number {
  let own = 0;
  try {
    own = getPriority();
  } catch {
    // No priorities here: the server's is taken as the default.
  }
  return Math.min(LOWEST, own + step);
}

/**
 * Gives a thread or process (`id`: a process id, or on Linux a thread's id) a niceness, when it
 * lowers its priority: never raised (that needs privileges, and is never meant). False when
 * it could not be set (the process is gone, or the system has no priorities).
 */
function lower(id: number, niceness: number): boolean {
  try {
    if (getPriority(id) >= niceness) return true;
    setPriority(id, niceness);
    return true;
  } catch {
    return false;
  }
}

/**
 * Lowers a child process just started (a job's) to `niceness`. On Linux this is its first
 * thread: the threads it starts afterwards are born with its priority, and the child lowers
 * those it started before by {@link lowerThisProcess}.
 */
export function lowerProcess(pid: number, niceness = backgroundNiceness()): boolean {
  return lower(pid, niceness);
}

/**
 * Lowers every thread of this process (Linux: a thread has a priority of its own, and the
 * runtime's threads started before this call keep theirs), or the process elsewhere.
 */
export function lowerThisProcess(niceness = backgroundNiceness()): void {
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    lower(process.pid, niceness);
    return;
  }
  for (const tid of tasks) lower(Number(tid), niceness);
}
