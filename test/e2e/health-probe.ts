import type { TestApp } from './harness';

/**
 * Asks `/api/health` every 20 ms until `stop()`: every answer must be a 200; the longest wait
 * it saw, in ms. The figures (100 ms) belong to `npm run bench -- imports`; a test bounds
 * them loosely.
 */
export function probeHealth(t: TestApp): { stop: () => Promise<number> } {
  let running = true;
  let longest = 0;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      await t.http.get('/api/health').expect(200);
      longest = Math.max(longest, Date.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return longest;
    },
  };
}
