import { prngFromString } from '../src/pairing/prng';
import { seatRound, SeatingRequest, TableRecord } from '../src/pairing/tables';
import { computeGroupStandings, TableResult } from '../src/standings/placements';
import { timeMedian } from './harness';

const PLAYERS = 1000;
const SEATS = 4;
const ROUNDS_BEFORE = 10;

/**
 * Seats one Swiss round of 1,000 players at tables of 4 after 10 rounds played with random
 * scores (the target: ≤ 1 s), and prints how many pairs at the new tables have met.
 */
export async function run(): Promise<void> {
  const players = Array.from({ length: PLAYERS }, (_, i) => ({
    id: `P${i + 1}`,
    seed: i + 1,
    active: true,
  }));
  const random = prngFromString('tables bench');
  const history: TableRecord[] = [];
  const results: TableResult[] = [];
  const requestFor = (round: number): SeatingRequest => {
    const rows = computeGroupStandings(players, results);
    return {
      system: 'swiss',
      round,
      seats: SEATS,
      players,
      history,
      ranking: rows.map((r) => r.playerId),
      points: Object.fromEntries(rows.map((r) => [r.playerId, r.points])),
    };
  };
  for (let round = 1; round <= ROUNDS_BEFORE; round++) {
    const out = seatRound(requestFor(round));
    if (!out.ok) throw new Error(out.message);
    for (const t of out.tables) {
      history.push({ round, seats: t.seats });
      results.push({
        round,
        seats: t.seats,
        scores: t.seats.map(() => 150 + Math.floor(random() * 300)),
      });
    }
  }
  const request = requestFor(ROUNDS_BEFORE + 1);
  let repeats = 0;
  const ms = await timeMedian(5, () => {
    const out = seatRound(request);
    if (!out.ok) throw new Error(out.message);
    repeats = out.repeats;
  });
  console.log(
    `tables: one Swiss round of ${PLAYERS.toLocaleString('en')} players at tables of ${SEATS} after ${ROUNDS_BEFORE} rounds: ` +
      `${ms.toFixed(0)} ms (median of 5; target ≤ 1,000 ms), ${repeats} pairs at a table who met before`,
  );
}
