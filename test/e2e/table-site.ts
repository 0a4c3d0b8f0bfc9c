/**
 * Two divisions played at tables, made through the API as a director would (for the page, PDF
 * and browser tests of tables): 14 players of Quivit at tables of 4 (so two tables of 3), rounds
 * 1 and 2 with typed results and round 3 seated, still playing; 9 players of the target-score
 * game at tables of 3, round 1 with results. The test keeps its own ledger of places and points.
 */
import type { TestApp } from './harness';
import { createTournament, pair, register } from './tournament-helpers';

export interface SeatJson {
  seat: number;
  player: { id: number; name: string; seed: number };
  score: number | null;
  cards: number | null;
  place: number | null;
}
export interface TableGameJson {
  id: number;
  table: number;
  status: 'pending' | 'complete' | 'bye';
  seats?: SeatJson[];
}
export interface TableRoundJson {
  number: number;
  games: TableGameJson[];
}

export const QUIVIT_NAMES = [
  'Ana Petrović',
  'Đorđe Šćekić',
  'Ljubica Njegoš',
  'Marko Čačak',
  'Žarko Džepić',
  'Ćirilo Žužić',
  'Jelena Đukić',
  'Nikola Šarić',
  'Milica Žarić',
  'Dušan Čolić',
  'Vesna Ćirić',
  'Bojan Njegić',
  'Svetlana Ljubić',
  'Goran Džinić',
];

/** score = 10 + (7·seed + 5·round) mod 17; cards = 5 + (3·seed + round) mod 11 (as tables.e2e). */
export const quivitScore = (seed: number, round: number): number =>
  10 + ((7 * seed + 5 * round) % 17);
export const quivitCards = (seed: number, round: number): number => 5 + ((3 * seed + round) % 11);

/** One seat as the ledger saw it: place and match points worked out by the test. */
export interface LedgerSeat {
  round: number;
  table: number;
  seat: number;
  player: number;
  score: number;
  place: number;
  points: number;
}

/** Places from keys (higher first, equal keys share) and points: one per player finished ahead of. */
export function placeAndPoints(keys: number[][]): { places: number[]; points: number[] } {
  const greater = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
    return false;
  };
  const n = keys.length;
  const places = keys.map((k) => 1 + keys.filter((o) => greater(o, k)).length);
  const points = places.map((p) => {
    const sharing = places.filter((q) => q === p).length;
    let sum = 0;
    for (let k = 0; k < sharing; k++) sum += n - p - k;
    return sum / sharing;
  });
  return { places, points };
}

export interface TableSite {
  tournamentId: number;
  quivit: number;
  target: number;
  /** Player ids by seed, and the other way. */
  bySeed: Map<number, number>;
  seedOf: Map<number, number>;
  names: Map<number, string>;
  rounds: TableRoundJson[];
  ledger: LedgerSeat[];
  targetRound: TableRoundJson;
  targetBySeed: Map<number, number>;
}

export async function seedTableSite(t: TestApp): Promise<TableSite> {
  const { id, divisionId } = await createTournament(t, {
    name: 'Kup Čačka za stolovima',
    ruleSet: 'quivit',
    rounds: 4,
    pairingPlan: ['seeded', 'swiss'],
    tableSize: 4,
  });
  const players = await register(t, divisionId, QUIVIT_NAMES);
  const bySeed = new Map(players.map((p) => [p.seed, p.id]));
  const seedOf = new Map(players.map((p) => [p.id, p.seed]));
  const names = new Map(players.map((p) => [p.id, p.name]));
  const rounds: TableRoundJson[] = [];
  const ledger: LedgerSeat[] = [];
  for (let n = 1; n <= 3; n++) {
    const round = (await pair(t, divisionId)) as unknown as TableRoundJson;
    if (n <= 2) {
      for (const g of round.games) {
        const seeds = g.seats!.map((s) => s.player.seed);
        const scores = seeds.map((s) => quivitScore(s, n));
        const cards = seeds.map((s) => quivitCards(s, n));
        await t.http
          .put(`/api/games/${g.id}/table-result`)
          .set(t.organiser)
          .send({ scores, cards })
          .expect(200);
        const { places, points } = placeAndPoints(seeds.map((_, i) => [scores[i], cards[i]]));
        seeds.forEach((s, i) =>
          ledger.push({
            round: n,
            table: g.table,
            seat: i + 1,
            player: bySeed.get(s)!,
            score: scores[i],
            place: places[i],
            points: points[i],
          }),
        );
      }
    }
    rounds.push(
      (await t.http.get(`/api/divisions/${divisionId}/rounds/${n}`).expect(200))
        .body as TableRoundJson,
    );
  }

  // The target-score game, 9 players at tables of 3, one round with results.
  const target = await t.http
    .post(`/api/tournaments/${id}/divisions`)
    .set(t.organiser)
    .send({ name: 'Do 200', ruleSet: 'scrabble-target', rounds: 4, tableSize: 3 });
  if (target.status !== 201) throw new Error(`division: ${target.status} ${target.text}`);
  const targetId = (target.body as { id: number }).id;
  const nine = await register(
    t,
    targetId,
    Array.from({ length: 9 }, (_, i) => `Igračica ${i + 1}`),
  );
  const targetBySeed = new Map(nine.map((p) => [p.seed, p.id]));
  const r1 = (await pair(t, targetId)) as unknown as TableRoundJson;
  for (const g of r1.games) {
    const seeds = g.seats!.map((s) => s.player.seed);
    await t.http
      .put(`/api/games/${g.id}/table-result`)
      .set(t.organiser)
      .send({
        scores: seeds.map((s) => 150 + ((7 * s + 11) % 90)),
        clocks: seeds.map(() => '05:00'),
      })
      .expect(200);
  }
  const targetRound = (await t.http.get(`/api/divisions/${targetId}/rounds/1`).expect(200))
    .body as TableRoundJson;
  return {
    tournamentId: id,
    quivit: divisionId,
    target: targetId,
    bySeed,
    seedOf,
    names,
    rounds,
    ledger,
    targetRound,
    targetBySeed,
  };
}
