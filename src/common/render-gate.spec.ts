import { validateEnvironment } from '../config';
import { ServiceBusy } from './errors';
import { RenderGate, SingleFlight } from './render-gate';

/** Work that ends when told to. */
function held(): { work: () => Promise<string>; release: () => void; calls: () => number } {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  return {
    work: async () => {
      calls++;
      await done;
      return 'page';
    },
    release: () => release(),
    calls: () => calls,
  };
}

const logged: string[] = [];
const warnings = (message: string) => logged.push(message);

describe('RenderGate', () => {
  it('admits `limit` at once and refuses the next at once with 503 and a wait, then has room again', async () => {
    const gate = new RenderGate(2, warnings);
    const a = held();
    const b = held();
    const first = gate.run(a.work);
    const second = gate.run(b.work);
    expect(gate.inFlight).toBe(2);
    const third = gate.run(() => Promise.resolve('never'));
    await expect(third).rejects.toBeInstanceOf(ServiceBusy);
    await expect(third).rejects.toMatchObject({ status: 503, code: 'BUSY', retryAfter: 2 });
    // Said once in the log, not once a refusal.
    await expect(gate.run(() => Promise.resolve('never'))).rejects.toBeInstanceOf(ServiceBusy);
    expect(logged).toEqual([
      '2 uncached pages were being made (RENDER_QUEUE): refusing more with 503, 1 since this was last said',
    ]);
    a.release();
    b.release();
    await expect(Promise.all([first, second])).resolves.toEqual(['page', 'page']);
    expect(gate.inFlight).toBe(0);
    await expect(gate.run(() => Promise.resolve('again'))).resolves.toBe('again');
  });

  it('frees the place of work that failed', async () => {
    const gate = new RenderGate(1, warnings);
    await expect(gate.run(() => Promise.reject(new Error('no such page')))).rejects.toThrow(
      'no such page',
    );
    expect(gate.inFlight).toBe(0);
    await expect(gate.run(() => Promise.resolve('ok'))).resolves.toBe('ok');
  });

  it('lets admitted work start more work without a second place (a page and its standings table)', async () => {
    const gate = new RenderGate(1, warnings);
    const page = await gate.run(
      async () => `page of ${await gate.run(() => Promise.resolve('table'))}`,
    );
    expect(page).toBe('page of table');
  });

  it('starts admitted work only after the requests that came with it were seen', async () => {
    const gate = new RenderGate(1, warnings);
    const order: string[] = [];
    const rendering = gate.run(() => {
      order.push('render');
      return Promise.resolve();
    });
    order.push('a kept page answered');
    await rendering;
    expect(order).toEqual(['a kept page answered', 'render']);
  });
});

describe('SingleFlight', () => {
  it('runs work once for everyone asking for its key meanwhile, and again once it has ended', async () => {
    const flights = new SingleFlight<string>();
    const w = held();
    const asks = [
      flights.run('1 en /divisions/1/standings', w.work),
      flights.run('1 en /divisions/1/standings', w.work),
    ];
    const other = flights.run('1 en /divisions/1/pairings', () => Promise.resolve('other'));
    w.release();
    await expect(Promise.all(asks)).resolves.toEqual(['page', 'page']);
    await expect(other).resolves.toBe('other');
    expect(w.calls()).toBe(1);
    await flights.run('1 en /divisions/1/standings', w.work);
    expect(w.calls()).toBe(2);
  });

  it('gives everyone waiting the same failure, and forgets it', async () => {
    const flights = new SingleFlight<string>();
    let calls = 0;
    const fail = () => {
      calls++;
      return Promise.reject(new Error('busy'));
    };
    const asks = [flights.run('k', fail), flights.run('k', fail)];
    for (const ask of asks) await expect(ask).rejects.toThrow('busy');
    expect(calls).toBe(1);
    await expect(flights.run('k', () => Promise.resolve('made'))).resolves.toBe('made');
  });
});

describe('RENDER_QUEUE', () => {
  it('is a whole number from 1', () => {
    expect(() => validateEnvironment({ RENDER_QUEUE: '16' })).not.toThrow();
    for (const bad of ['0', '-1', '1.5', 'lots', '']) {
      expect(() => validateEnvironment({ RENDER_QUEUE: bad })).toThrow(
        `RENDER_QUEUE must be a whole number from 1, the uncached pages made at once, not '${bad}'`,
      );
    }
  });
});
