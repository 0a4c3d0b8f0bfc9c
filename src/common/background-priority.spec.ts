import { spawn } from 'child_process';
import { getPriority } from 'os';
import { backgroundNiceness, JOB_NICENESS_STEP, lowerProcess } from './background-priority';

describe('work that may wait runs below the server', () => {
  test("a job's niceness is the server's own, ten steps lower, at most 19", () => {
    expect(backgroundNiceness()).toBe(Math.min(19, getPriority() + JOB_NICENESS_STEP));
    expect(backgroundNiceness(100)).toBe(19);
  });

  test('a child process is lowered, and never raised again', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'], {
      stdio: 'ignore',
    });
    try {
      const pid = child.pid!;
      expect(lowerProcess(pid, 12)).toBe(true);
      expect(getPriority(pid)).toBe(12);
      // Asking for a higher priority leaves it where it is (raising needs privileges).
      expect(lowerProcess(pid, 3)).toBe(true);
      expect(getPriority(pid)).toBe(12);
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    // A process that is gone: not lowered, no error.
    expect(lowerProcess(child.pid!, 12)).toBe(false);
  });
});
