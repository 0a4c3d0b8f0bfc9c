import { simulateTournament } from '../src/pairing';
import { computeStandings } from '../src/standings';

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export async function run(): Promise<void> {
  const t = simulateTournament({ players: 1000, rounds: 15, seed: 'bench-standings' });
  const configs = [
    { label: 'default tie-breaks', options: {} },
    {
      label: 'buchholz, head-to-head, total score',
      options: { tieBreaks: ['buchholz', 'head-to-head', 'total-score', 'seed'] as const },
    },
  ];
  for (const { label, options } of configs) {
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const start = performance.now();
      computeStandings(t.players, t.history, options);
      times.push(performance.now() - start);
      await new Promise((resolve) => setImmediate(resolve));
    }
    console.log(
      `standings: 1000 players x 15 rounds (${t.history.length} games), ${label}: ` +
        `median ${median(times).toFixed(1)} ms over ${times.length} runs`,
    );
  }
}
