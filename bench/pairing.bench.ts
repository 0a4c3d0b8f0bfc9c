import { pairRound, simulateTournament } from '../src/pairing';

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function swissRound(
  players: number,
  runs: number,
  pairing: 'random' | 'swiss',
): Promise<void> {
  const t = simulateTournament({ players, rounds: 10, seed: `bench-${players}`, pairing });
  const times: number[] = [];
  let rematches = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const outcome = pairRound(t.players, t.history, { system: 'swiss', round: 11 });
    times.push(performance.now() - start);
    if (!outcome.ok) throw new Error(outcome.message);
    rematches = outcome.rematches;
    await new Promise((resolve) => setImmediate(resolve));
  }
  console.log(
    `pairing: swiss round 11, ${players} players, ${pairing} history: ` +
      `median ${median(times).toFixed(1)} ms over ${runs} runs (${rematches} rematches)`,
  );
}

export async function run(): Promise<void> {
  await swissRound(100, 7, 'random');
  await swissRound(100, 7, 'swiss');
  await swissRound(1000, 5, 'random');
  await swissRound(1000, 5, 'swiss');
  await swissRound(5000, 3, 'random');
  await swissRound(5000, 3, 'swiss');
}
