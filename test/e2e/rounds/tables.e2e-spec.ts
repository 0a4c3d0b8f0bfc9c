import { readFileSync } from 'fs';
import { adminCookie } from '../../browser/site';
import { join } from 'path';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { pdfText, POPPLER } from '../../render/poppler';
import { binary, createTournament, exportAndImport, pair, register } from '../tournament-helpers';

/**
 * Divisions played at tables of more than two, through the API as a director runs them: a
 * 14-player Quivit event at tables of 4 (so two tables of 3) over 4 rounds, seeded then Swiss,
 * typed results with a shared place; a 9-player target-score event at tables of 3 as a round
 * robin, with a clock run out and a tie at the target. Standings after round 1 are worked out by
 * hand below; the later ones against the test's own ledger of places and match points.
 */

interface SeatJson {
  seat: number;
  player: { id: number; name: string; seed: number };
  score: number | null;
  remaining: string | null;
  cards: number | null;
  place: number | null;
}
interface TableGameJson {
  id: number;
  table: number;
  status: 'pending' | 'complete' | 'bye';
  first: { id: number };
  second: { id: number } | null;
  seats?: SeatJson[];
  version: number;
}
interface TableRoundJson {
  number: number;
  notes: string[];
  games: TableGameJson[];
}
interface TableRow {
  rank: number;
  playerId: number;
  name: string;
  points: number;
  wins: number;
  places?: number[];
  gamesPlayed: number;
  totalScore: number;
  spread: number;
  cards: number;
  byes: number;
}
/**
 * A Quivit score sheet of a table that verifies: five rounds, round r opened by seat r (mod the
 * seats), each seat's points and cards spread over its five turns so that they add up to
 * `figures` (final points, cards).
 */
function quivitSheet(players: string[], figures: number[][]) {
  const n = players.length;
  const totals = new Array<number>(n).fill(0);
  const turns: { player: number; score: number; cards: number; total: number }[] = [];
  for (let r = 0; r < 5; r++) {
    for (let k = 0; k < n; k++) {
      const p = (r + k) % n;
      const [points, cards] = figures[p];
      // Four turns of a fifth each (rounded down), the last takes the rest.
      const score = r < 4 ? Math.floor(points / 5) : points - 4 * Math.floor(points / 5);
      const taken = r < 4 ? Math.floor(cards / 5) : cards - 4 * Math.floor(cards / 5);
      totals[p] += score;
      turns.push({ player: p, score, cards: taken, total: totals[p] });
    }
  }
  return {
    format: 'scoresheet/1',
    rules: 'quivit',
    players,
    turns,
    end: { reason: 'turns' },
    claimed: { final: figures.map((f) => f[0]) },
  };
}

interface TableStandings {
  round: number;
  tableSize?: number;
  tieBreaks: string[];
  rows: TableRow[];
}

/** One seat's figures as the test typed them: the keys it is placed by, higher first. */
interface LedgerSeat {
  player: number;
  score: number;
  keys: number[];
  cards: number;
}

/** The test's own account: places and match points from the figures it typed. */
class Ledger {
  points = new Map<number, number>();
  total = new Map<number, number>();
  tables = new Map<number, number>();
  met = new Map<string, number>();

  add(seats: LedgerSeat[]): number[] {
    const n = seats.length;
    const greater = (a: number[], b: number[]) => {
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
      return false;
    };
    const places = seats.map((s) => 1 + seats.filter((o) => greater(o.keys, s.keys)).length);
    seats.forEach((s, i) => {
      // A place earns one point for each player finished ahead of; shared places share them.
      const sharing = places.filter((p) => p === places[i]).length;
      let sum = 0;
      for (let k = 0; k < sharing; k++) sum += n - places[i] - k;
      this.points.set(s.player, (this.points.get(s.player) ?? 0) + sum / sharing);
      this.total.set(s.player, (this.total.get(s.player) ?? 0) + s.score);
      this.tables.set(s.player, (this.tables.get(s.player) ?? 0) + 1);
      for (const o of seats) {
        if (o.player <= s.player) continue;
        const key = `${s.player} ${o.player}`;
        this.met.set(key, (this.met.get(key) ?? 0) + 1);
      }
    });
    return places;
  }
}

describe(`tables of more than two (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const putTable = (game: TableGameJson, body: Record<string, unknown>, ifMatch?: number) => {
    const req = t.http.put(`/api/games/${game.id}/table-result`).set(t.organiser);
    if (ifMatch !== undefined) void req.set('If-Match', String(ifMatch));
    return req.send(body);
  };
  const standings = async (divisionId: number, round?: number) =>
    (
      await t.http
        .get(
          `/api/divisions/${divisionId}/standings${round === undefined ? '' : `?round=${round}`}`,
        )
        .expect(200)
    ).body as TableStandings;

  test('14 players of Quivit at tables of 4: seated, typed or sheets verified, placed and ranked for 4 rounds', async () => {
    const { id: tournamentId, divisionId } = await createTournament(t, {
      name: 'Quivit za stolovima',
      ruleSet: 'quivit',
      rounds: 4,
      pairingPlan: ['seeded', 'swiss'],
      tableSize: 4,
    });
    const players = await register(
      t,
      divisionId,
      Array.from({ length: 14 }, (_, i) => `Igrač ${i + 1}`),
    );
    const bySeed = new Map(players.map((p) => [p.seed, p.id]));
    const seedOf = new Map(players.map((p) => [p.id, p.seed]));
    const ledger = new Ledger();

    // Round 1, seeded: a snake over two tables of 4 and two of 3 (docs/pairing.md).
    const r1 = (await pair(t, divisionId)) as unknown as TableRoundJson;
    expect(r1.games.map((g) => g.seats!.map((s) => s.player.seed))).toEqual([
      [1, 8, 9, 14],
      [2, 7, 10, 13],
      [3, 6, 11],
      [4, 5, 12],
    ]);

    // A table game takes its result at its own address, never as a pair.
    const pairRefused = await t.http
      .put(`/api/games/${r1.games[0].id}/result`)
      .set(t.organiser)
      .send({ scores: [1, 2], clocks: ['00:10', '00:10'] })
      .expect(409);
    expect(pairRefused.body.code).toBe('TABLE_GAME');
    const short = await putTable(r1.games[0], { scores: [1, 2, 3] }).expect(400);
    expect(short.body.message).toMatch(/scores: the table has 4 seats, so 4 figures/);
    const clocks = await putTable(r1.games[0], {
      scores: [1, 2, 3, 4],
      clocks: ['01:00', '01:00', '01:00', '01:00'],
    }).expect(400);
    expect(clocks.body.message).toMatch(/Quivit has no game clock/);

    // score = 10 + (7·seed + 5·round) mod 17; cards = 5 + (3·seed + round) mod 11.
    const score = (seed: number, round: number) => 10 + ((7 * seed + 5 * round) % 17);
    const cards = (seed: number, round: number) => 5 + ((3 * seed + round) % 11);
    const enter = async (
      round: TableRoundJson,
      override?: (seed: number) => [number, number] | null,
    ) => {
      for (const g of round.games) {
        if (g.status === 'bye') continue;
        const seeds = g.seats!.map((s) => s.player.seed);
        const figures = seeds.map(
          (s) => override?.(s) ?? [score(s, round.number), cards(s, round.number)],
        );
        // From round 2 on, the first table of each round brings its score sheet instead.
        const res =
          round.number > 1 && g.table === 1
            ? await t.http
                .put(`/api/games/${g.id}/scoresheet`)
                .set(t.organiser)
                .send(
                  quivitSheet(
                    g.seats!.map((x) => x.player.name),
                    figures,
                  ),
                )
                .expect(200)
            : await putTable(g, {
                scores: figures.map((f) => f[0]),
                cards: figures.map((f) => f[1]),
              }).expect(200);
        if (round.number > 1 && g.table === 1) {
          expect((res.body as { scoresheet: { ok: boolean } }).scoresheet.ok).toBe(true);
        }
        const expected = ledger.add(
          seeds.map((s, i) => ({
            player: bySeed.get(s)!,
            score: figures[i][0],
            keys: [figures[i][0], figures[i][1]],
            cards: figures[i][1],
          })),
        );
        expect((res.body as TableGameJson).seats!.map((s) => s.place)).toEqual(expected);
      }
    };

    // Table 3 first with equal scores and no cards: Quivit places them by the cards taken.
    const tie = await putTable(r1.games[2], { scores: [23, 23, 24] }).expect(422);
    expect(tie.body.code).toBe('TIE_BREAK_FIGURE_NEEDED');
    expect(tie.body.message).toMatch(/seat 1, seat 2 have equal scores/);
    // Seeds 3 and 6 end 23 and 10 cards each: they share 2nd place at table 3.
    await enter(r1, (seed) => (seed === 3 || seed === 6 ? [23, 10] : null));

    // Round 1 by hand (points: one per player finished ahead of, 3/2/1/0 at four, 2/1/0 at three).
    // Table 1 (seeds 1, 8, 9, 14): 22, 20, 10, 11 → places 1, 2, 4, 3 → 3, 2, 0, 1 points.
    // Table 2 (2, 7, 10, 13): 12, 13, 17, 21 → places 4, 3, 2, 1 → 0, 1, 2, 3.
    // Table 3 (3, 6, 11): 23, 23, 24 (cards 10, 10, 16) → places 2, 2, 1 → (1 + 0) / 2 = 0.5, 0.5, 2.
    // Table 4 (4, 5, 12): 26, 16, 14 → places 1, 2, 3 → 2, 1, 0.
    // Ranked by points, then total score, table spread, cards, seed:
    const after1 = await standings(divisionId, 1);
    expect(after1.tableSize).toBe(4);
    expect(after1.tieBreaks).toEqual(['total-score', 'table-spread', 'cards', 'seed']);
    expect(after1.rows.map((r) => [seedOf.get(r.playerId), r.rank, r.points])).toEqual([
      [1, 1, 3], //  3 points, 22
      [13, 2, 3], // 3 points, 21
      [4, 3, 2], //  2 points, 26
      [11, 4, 2], // 2 points, 24
      [8, 5, 2], //  2 points, 20
      [10, 6, 2], // 2 points, 17
      [5, 7, 1], //  1 point, 16
      [7, 8, 1], //  1 point, 13
      [14, 9, 1], // 1 point, 11
      [3, 10, 0.5], // 23, table spread 23 − (23 + 23 + 24) / 3 = −0.33, 10 cards: seed 3 before 6
      [6, 11, 0.5],
      [12, 12, 0], // 14
      [2, 13, 0], //  12
      [9, 14, 0], //  10
    ]);
    const first = after1.rows[0];
    // Seed 1: table 1's mean is (22 + 20 + 10 + 11) / 4 = 15.75, so the spread is 22 − 15.75 = 6.25.
    expect(first).toMatchObject({
      totalScore: 22,
      spread: 6.25,
      wins: 1,
      places: [1, 0, 0, 0],
      gamesPlayed: 1,
    });
    expect(after1.rows.find((r) => seedOf.get(r.playerId) === 3)!.places).toEqual([0, 1, 0, 0]);

    // A correction needs the version read; the old one is refused.
    const t4 = r1.games[3];
    const stale = await putTable(t4, { scores: [26, 16, 15], cards: [1, 1, 1] }).expect(409);
    expect(stale.body.code).toBe('RESULT_EXISTS');

    // Rounds 2 to 4, Swiss: everyone seated once, two tables of 4 and two of 3, no table
    // leaving anyone out; each round's standings as the ledger has them.
    for (let n = 2; n <= 4; n++) {
      const round = (await pair(t, divisionId)) as unknown as TableRoundJson;
      const seated = round.games.flatMap((g) => g.seats!.map((s) => s.player.id));
      expect(seated.sort((a, b) => a - b)).toEqual(players.map((p) => p.id).sort((a, b) => a - b));
      expect(round.games.map((g) => g.seats!.length)).toEqual([4, 4, 3, 3]);
      await enter(round);
      const table = await standings(divisionId, n);
      for (const row of table.rows) {
        expect([row.name, row.points, row.totalScore, row.gamesPlayed]).toEqual([
          row.name,
          ledger.points.get(row.playerId),
          ledger.total.get(row.playerId),
          n,
        ]);
      }
      const order = table.rows.map((r) => r.points);
      expect(order).toEqual([...order].sort((a, b) => b - a));
    }
    // The pages show the tables and the places.
    const pairings = await t.http.get(`/divisions/${divisionId}/pairings?round=4`).expect(200);
    for (const name of ['Igrač 1', 'Igrač 14']) expect(pairings.text).toContain(name);
    const page = await t.http.get(`/divisions/${divisionId}/standings`).expect(200);
    expect(page.text).toContain('Igrač 13');

    // Export and import: the same tables, seats, places and standings in the new tournament.
    const { exported, imported } = await exportAndImport(t, tournamentId);
    const copy = imported.divisions[0].id;
    const named = (rows: TableRow[]) =>
      rows.map((r) => [r.rank, r.name, r.points, r.totalScore, r.spread, r.places]);
    expect(named((await standings(copy)).rows)).toEqual(named((await standings(divisionId)).rows));
    const seating = async (d: number) =>
      ((await t.http.get(`/api/divisions/${d}/rounds`).expect(200)).body as TableRoundJson[]).map(
        (r) => r.games.map((g) => g.seats!.map((x) => [x.player.name, x.score, x.cards, x.place])),
      );
    expect(await seating(copy)).toEqual(await seating(divisionId));
    // A document whose seats do not hold together is refused, naming the place.
    const division = (
      exported.divisions as { rounds: { games: { seats: { place: number }[] }[] }[] }[]
    )[0];
    division.rounds[0].games[0].seats[0].place = 9;
    const broken = await t.http
      .post('/api/tournaments/import')
      .set(t.organiser)
      .send(exported)
      .expect(422);
    expect(JSON.stringify(broken.body)).toContain('divisions[0].rounds[0].games[0].seats[0].place');
  });

  test('9 players of the target-score variant at tables of 3: a round robin where every two meet once', async () => {
    const { divisionId } = await createTournament(t, {
      name: 'Do 200',
      ruleSet: 'scrabble-target',
      rounds: 4,
      pairingPlan: ['round-robin'],
      tableSize: 3,
    });
    const players = await register(
      t,
      divisionId,
      Array.from({ length: 9 }, (_, i) => `Igračica ${i + 1}`),
    );
    const seedOf = new Map(players.map((p) => [p.id, p.seed]));
    const ledger = new Ledger();
    const target = 200;
    for (let n = 1; n <= 4; n++) {
      const round = (await pair(t, divisionId)) as unknown as TableRoundJson;
      expect(round.games.map((g) => g.seats!.length)).toEqual([3, 3, 3]);
      for (const g of round.games) {
        const seeds = g.seats!.map((s) => s.player.seed);
        // score = 150 + (7·seed + 11·round) mod 90, five minutes left each.
        let scores = seeds.map((s) => 150 + ((7 * s + 11 * n) % 90));
        let clocks = seeds.map(() => '05:00');
        let targetFirst: number | undefined;
        if (n === 1 && g.table === 1) {
          // Two seats at 210: at the target, who reached it first decides.
          scores = [210, 210, 180];
          const refused = await putTable(g, { scores, clocks }).expect(422);
          expect(refused.body.message).toMatch(
            /seat 1, seat 2 have equal scores at or past the target/,
          );
          targetFirst = 1;
        }
        if (n === 2 && g.table === 1) {
          // Seat 1 leads on score but its clock ran out: it is placed below both others.
          scores = [250, 190, 170];
          clocks = ['00:00', '02:00', '01:30'];
        }
        const res = await putTable(g, { scores, clocks, targetFirst }).expect(200);
        const expected = ledger.add(
          seeds.map((s, i) => ({
            player: g.seats![i].player.id,
            score: scores[i],
            // Keys: clock not run out, score, reached the target first when tied at it, time left.
            keys: [
              clocks[i] === '00:00' ? 0 : 1,
              scores[i],
              scores[i] >= target && targetFirst === i ? 1 : 0,
              Number(clocks[i].slice(0, 2)) * 60 + Number(clocks[i].slice(3)),
            ],
            cards: 0,
          })),
        );
        expect((res.body as TableGameJson).seats!.map((s) => s.place)).toEqual(expected);
        if (n === 1 && g.table === 1) expect(expected).toEqual([2, 1, 3]);
        if (n === 2 && g.table === 1) expect(expected).toEqual([3, 1, 2]);
      }
    }
    // The affine plane of order 3: 12 tables, every two of the 9 players together exactly once.
    expect(ledger.met.size).toBe((9 * 8) / 2);
    expect([...ledger.met.values()].every((v) => v === 1)).toBe(true);
    const table = await standings(divisionId);
    for (const row of table.rows) {
      expect([seedOf.get(row.playerId), row.points, row.totalScore]).toEqual([
        seedOf.get(row.playerId),
        ledger.points.get(row.playerId),
        ledger.total.get(row.playerId),
      ]);
    }
    // 12 tables of 3 hand out 3 points each: 36 in all.
    expect(table.rows.reduce((s, r) => s + r.points, 0)).toBe(36);
  });

  test('tables given by hand, checked; two players swapped between tables and within one', async () => {
    const { divisionId } = await createTournament(t, {
      name: 'Ručno',
      ruleSet: 'quivit',
      rounds: 2,
      pairingPlan: ['manual'],
      tableSize: 4,
    });
    const p = (await register(t, divisionId, ['A', 'B', 'C', 'D', 'E', 'F', 'G'])).map((x) => x.id);
    const asPairs = await t.http
      .post(`/api/divisions/${divisionId}/rounds`)
      .set(t.organiser)
      .send({ pairings: [{ first: p[0], second: p[1] }] })
      .expect(400);
    expect(asPairs.body.code).toBe('TABLES_NOT_PAIRS');
    const wrong = await t.http
      .post(`/api/divisions/${divisionId}/rounds`)
      .set(t.organiser)
      .send({
        tables: [
          [p[0], p[1], p[2], p[3], p[4]],
          [p[5], p[0]],
        ],
      })
      .expect(400);
    // Every problem named: a table too large, a player twice, a player without a table.
    expect(wrong.body.message).toContain(
      'table 1 has 5 players; the division plays at tables of at most 4',
    );
    expect(wrong.body.message).toContain(`player ${p[0]} is at table 1 and table 2`);
    expect(wrong.body.message).toContain(`players ${p[6]} have no table`);
    const round = (await pair(t, divisionId, {
      tables: [
        [p[0], p[1], p[2], p[3]],
        [p[4], p[5], p[6]],
      ],
    })) as unknown as TableRoundJson;
    const seatsOf = (r: TableRoundJson) => r.games.map((g) => g.seats!.map((s) => s.player.id));
    expect(seatsOf(round)).toEqual([
      [p[0], p[1], p[2], p[3]],
      [p[4], p[5], p[6]],
    ]);
    const swap = async (a: number, b: number) =>
      (
        await t.http
          .post(`/api/divisions/${divisionId}/rounds/1/swap`)
          .set(t.organiser)
          .send({ players: [a, b] })
          .expect(200)
      ).body as TableRoundJson;
    // Between tables: B and F change places, each in the other's seat.
    expect(seatsOf(await swap(p[1], p[5]))).toEqual([
      [p[0], p[5], p[2], p[3]],
      [p[4], p[1], p[6]],
    ]);
    // A player in seat 3 of a table is paired: removing them is refused as for any paired player.
    const seated = await t.http.delete(`/api/players/${p[2]}`).set(t.organiser).expect(409);
    expect(seated.body.code).toBe('PLAYER_HAS_GAMES');
    // Within a table: A and D change seats, so D moves first.
    const within = await swap(p[0], p[3]);
    expect(seatsOf(within)).toEqual([
      [p[3], p[5], p[2], p[0]],
      [p[4], p[1], p[6]],
    ]);
    expect(within.games[0].first.id).toBe(p[3]);
    expect(within.games[0].second!.id).toBe(p[5]);
    // Once a table has its result, the round's seats stay as they are.
    await putTable(within.games[0], { scores: [10, 20, 30, 40], cards: [1, 2, 3, 4] }).expect(200);
    const late = await t.http
      .post(`/api/divisions/${divisionId}/rounds/1/swap`)
      .set(t.organiser)
      .send({ players: [p[4], p[6]] })
      .expect(409);
    expect(late.body.code).toBe('ROUND_PLAYED');
  });

  test("a table's score sheet: verified, placed by its figures, and the typed result may only agree", async () => {
    const sheet = JSON.parse(
      readFileSync(
        join(
          __dirname,
          '..',
          '..',
          'fixtures',
          'scrabble-target',
          '02-target-late-mover.sheet.json',
        ),
        'utf8',
      ),
    ) as { players: string[] };
    const { divisionId } = await createTournament(t, {
      name: 'Do 50',
      ruleSet: 'scrabble-target',
      options: { targetScore: 50 },
      rounds: 1,
      pairingPlan: ['seeded'],
      tableSize: 3,
    });
    await register(t, divisionId, sheet.players);
    const [game] = (await pair(t, divisionId)).games as unknown as TableGameJson[];
    expect(game.seats!.map((s) => s.player.name)).toEqual(sheet.players);
    const entered = (
      await t.http.put(`/api/games/${game.id}/scoresheet`).set(t.organiser).send(sheet).expect(200)
    ).body as TableGameJson & { scoresheet: { ok: boolean } };
    expect(entered.scoresheet.ok).toBe(true);
    // Ana 58, Ben 15, Cleo 60: Cleo first, Ana second, Ben third.
    expect(entered.seats!.map((s) => [s.score, s.place])).toEqual([
      [58, 2],
      [15, 3],
      [60, 1],
    ]);
    const contradicting = await putTable(
      entered,
      { scores: [58, 15, 59], clocks: ['25:00', '25:00', '25:00'] },
      entered.version,
    ).expect(422);
    expect(contradicting.body.message).toContain('seat 3: 59 but the sheet gives 60');
    // The verified record prints with all three players.
    const record = await t.http
      .get(`/games/${game.id}/record.pdf`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    if (POPPLER) {
      const text = pdfText(record.body as Buffer);
      for (const name of sheet.players) expect(text).toContain(name);
    }
    const table = await standings(divisionId);
    expect(table.rows.map((r) => [r.name, r.points])).toEqual([
      ['Cleo Marsh', 2],
      ['Ana Ruiz', 1],
      ['Ben Okafor', 0],
    ]);
    // Without the sheet the figures stay, as a typed result.
    const removed = (
      await t.http
        .delete(`/api/games/${game.id}/scoresheet`)
        .set(t.organiser)
        .set('If-Match', String(entered.version))
        .expect(200)
    ).body as TableGameJson & { scoresheet: unknown };
    expect(removed.scoresheet).toBeNull();
    expect(removed.seats!.map((s) => s.place)).toEqual([2, 3, 1]);
    const history = (await t.http.get(`/api/games/${game.id}/history`).expect(200)).body as {
      action: string;
      after: { source: string };
    }[];
    expect(history.map((h) => [h.action, h.after.source])).toEqual([
      ['scoresheet', 'scoresheet'],
      ['scoresheet-removed', 'result'],
    ]);
  });

  test("a division's own points for places: 3/1.5/0 at tables of three, the default at four; the log in words", async () => {
    const bad = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({
        name: 'X',
        ruleSet: 'quivit',
        rounds: 1,
        tableSize: 4,
        placePoints: { '3': [1, 2, 0] },
      })
      .expect(400);
    expect(bad.body.message).toContain('placePoints must map a table size');
    const tooLarge = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({
        name: 'X',
        ruleSet: 'quivit',
        rounds: 1,
        tableSize: 3,
        placePoints: { '4': [3, 2, 1, 0] },
      })
      .expect(400);
    expect(tooLarge.body.message).toContain('no places at tables of 4');
    const { id, divisionId } = await createTournament(t, {
      name: 'Polovine',
      ruleSet: 'quivit',
      rounds: 1,
      pairingPlan: ['seeded'],
      tableSize: 4,
      placePoints: { '3': [3, 1.5, 0] },
    });
    await register(t, divisionId, ['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    const round = (await pair(t, divisionId)) as unknown as TableRoundJson;
    expect(round.games.map((g) => g.seats!.length)).toEqual([4, 3]);
    await putTable(round.games[0], { scores: [40, 30, 20, 10], cards: [1, 1, 1, 1] }).expect(200);
    await putTable(round.games[1], { scores: [40, 30, 20], cards: [1, 1, 1] }).expect(200);
    const points = new Map(
      (await standings(divisionId)).rows.map((r) => [r.name, r.points] as const),
    );
    // Table 1 (4 seats, default): 3, 2, 1, 0. Table 2 (3 seats, the division's): 3, 1.5, 0.
    const at = (g: TableGameJson) => g.seats!.map((s) => points.get(s.player.name));
    expect(at(round.games[0])).toEqual([3, 2, 1, 0]);
    expect(at(round.games[1])).toEqual([3, 1.5, 0]);
    // The director's log page names the tables and their seats in words, not as data.
    const cookie = await adminCookie(t);
    const log = await t.http
      .get(`/organiser/tournaments/${id}/log?lang=en`)
      .set('Cookie', cookie)
      .expect(200);
    expect(log.text).toContain('40 (place 1) : 30 (place 2) : 20 (place 3)');
    expect(log.text).not.toContain('{&quot;score');
    // Each entry of a table names all its players.
    const seatNames = round.games[1].seats!.map((x) => x.player.name).join(' – ');
    expect(log.text).toContain(`(${seatNames})`);
    // Removing the round keeps every seat of its tables in the log, in words.
    await t.http
      .delete(`/api/divisions/${divisionId}/rounds/1?confirm=true`)
      .set(t.organiser)
      .expect(204);
    const afterRemoval = await t.http
      .get(`/organiser/tournaments/${id}/log?lang=en`)
      .set('Cookie', cookie)
      .expect(200);
    const names = round.games[1].seats!.map((x) => x.player.name);
    expect(afterRemoval.text).toContain(
      `Table 2: ${names[0]} 40 (place 1) – ${names[1]} 30 (place 2) – ${names[2]} 20 (place 3)`,
    );
  });

  test('a table size the rule set cannot seat is refused, naming the field', async () => {
    const res = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ name: 'Kvizovka u troje', ruleSet: 'kvizovka', rounds: 3, tableSize: 3 })
      .expect(400);
    expect(res.body.message).toMatch(/tableSize 3: .* at most 2 players/);
  });
});
