import { DATABASE_KIND, ORGANISER, startTestApp, TestApp } from '../harness';
import {
  Auth,
  enterResult,
  exportAndImport,
  GameJson,
  pair,
  readVersion,
  RoundJson,
  seconds,
  standings,
  StandingsJson,
} from '../tournament-helpers';

/**
 * The director's toolkit shown on one weekend event, run through the API as a director runs it:
 * one tournament, two divisions (Kvizovka, 5 rounds; English Scrabble, 7 rounds), players with
 * clubs kept apart, a forfeit, a double forfeit, an absence, a withdrawal and a reinstatement, a
 * round paired again after results were typed (asked first), a spread cap, Gibsonization in the
 * last Scrabble round checked by hand; then the standings of both divisions against the test's
 * own ledger, the director's log against the list of everything the test did, and export →
 * import giving the same standings and the same log.
 */

interface Player {
  id: number;
  name: string;
  seed: number;
  club: string;
}

type RoundWithNotPaired = RoundJson & {
  notPaired: { player: { id: number; name: string; seed: number }; reason: string }[];
};

/** One thing that happened at a table (or a bye), as the test entered it. */
type Entry =
  | { round: number; kind: 'played'; a: number; b: number; scores: number[]; clocks: string[] }
  | { round: number; kind: 'forfeit'; winner: number; loser: number }
  | { round: number; kind: 'double-forfeit'; a: number; b: number }
  | { round: number; kind: 'bye'; a: number };

interface ExpectedRow {
  rank: number;
  name: string;
  points: number;
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  forfeitWins: number;
  forfeitLosses: number;
  gamesPlayed: number;
  spread: number;
  remainingSeconds: number;
  totalScore: number;
  absences: number;
  active: boolean;
}

/**
 * The test's own account of a division: every result it typed, every bye the pairing gave,
 * every absence it marked; the standings worked out from them with the division's settings
 * (bye spread, forfeit spread, spread cap, tie-breaks and then the seed).
 */
class Book {
  entries: Entry[] = [];
  absent = new Map<number, number[]>();

  constructor(
    readonly players: Player[],
    readonly rules: {
      byeSpread: number;
      forfeitSpread: number;
      spreadCap: number | null;
      tieBreaks: ('spread' | 'remaining-time')[];
    },
  ) {}

  /** A round paired again: what was entered in it is gone. */
  dropRound(n: number) {
    this.entries = this.entries.filter((e) => e.round !== n);
  }

  /** Points of each player through round `through`. */
  points(through = Infinity): Map<number, number> {
    return new Map(this.rows(through).map((r) => [this.byName(r.name).id, r.points]));
  }

  byName(name: string): Player {
    return this.players.find((p) => p.name === name)!;
  }

  rows(through = Infinity): ExpectedRow[] {
    const cap = this.rules.spreadCap ?? Infinity;
    const rows = new Map<number, ExpectedRow>(
      this.players.map((p) => [
        p.id,
        {
          rank: 0,
          name: p.name,
          points: 0,
          wins: 0,
          losses: 0,
          draws: 0,
          byes: 0,
          forfeitWins: 0,
          forfeitLosses: 0,
          gamesPlayed: 0,
          spread: 0,
          remainingSeconds: 0,
          totalScore: 0,
          absences: (this.absent.get(p.id) ?? []).filter((n) => n <= through).length,
          active: true,
        },
      ]),
    );
    for (const e of this.entries.filter((x) => x.round <= through)) {
      if (e.kind === 'bye') {
        const r = rows.get(e.a)!;
        r.points += 1;
        r.byes += 1;
        r.spread += this.rules.byeSpread;
      } else if (e.kind === 'forfeit') {
        const w = rows.get(e.winner)!;
        const l = rows.get(e.loser)!;
        w.points += 1;
        w.wins += 1;
        w.forfeitWins += 1;
        w.gamesPlayed += 1;
        w.spread += this.rules.forfeitSpread;
        l.losses += 1;
        l.forfeitLosses += 1;
        l.gamesPlayed += 1;
        l.spread -= this.rules.forfeitSpread;
      } else if (e.kind === 'double-forfeit') {
        for (const id of [e.a, e.b]) {
          const r = rows.get(id)!;
          r.losses += 1;
          r.forfeitLosses += 1;
          r.gamesPlayed += 1;
        }
      } else {
        const [sa, sb] = e.scores;
        const spread = Math.max(-cap, Math.min(cap, sa - sb));
        for (const [id, mine, theirs, s, clock] of [
          [e.a, sa, sb, spread, e.clocks[0]],
          [e.b, sb, sa, -spread, e.clocks[1]],
        ] as const) {
          const r = rows.get(id)!;
          r.gamesPlayed += 1;
          r.totalScore += mine;
          r.spread += s;
          r.remainingSeconds += seconds(clock);
          if (mine > theirs) {
            r.points += 1;
            r.wins += 1;
          } else if (mine < theirs) r.losses += 1;
          else {
            r.points += 0.5;
            r.draws += 1;
          }
        }
      }
    }
    const seedOf = new Map(this.players.map((p) => [p.name, p.seed]));
    const key = (r: ExpectedRow) => [
      r.points,
      ...this.rules.tieBreaks.map((tb) => (tb === 'spread' ? r.spread : r.remainingSeconds)),
      -seedOf.get(r.name)!,
    ];
    const sorted = [...rows.values()].sort((x, y) => {
      const [kx, ky] = [key(x), key(y)];
      for (let i = 0; i < kx.length; i++) if (kx[i] !== ky[i]) return ky[i] - kx[i];
      return 0;
    });
    return sorted.map((r, i) => ({ ...r, rank: i + 1 }));
  }

  /** Whether two players have met over the board (a forfeit is not a meeting) before round `before`. */
  met(x: number, y: number, before = Infinity): boolean {
    return this.entries.some(
      (e) =>
        e.round < before &&
        e.kind === 'played' &&
        ((e.a === x && e.b === y) || (e.a === y && e.b === x)),
    );
  }
}

/** The server's standings in the ledger's terms. */
const figures = (s: StandingsJson): ExpectedRow[] =>
  (s.rows as unknown as (ExpectedRow & Record<string, unknown>)[]).map((r) => ({
    rank: r.rank,
    name: r.name,
    points: r.points,
    wins: r.wins,
    losses: r.losses,
    draws: r.draws,
    byes: r.byes,
    forfeitWins: r.forfeitWins,
    forfeitLosses: r.forfeitLosses,
    gamesPlayed: r.gamesPlayed,
    spread: r.spread,
    remainingSeconds: r.remainingSeconds,
    totalScore: r.totalScore,
    absences: r.absences,
    active: r.active,
  }));

describe(`a weekend event with two divisions, run as a director runs it (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let judge: Auth;
  beforeAll(async () => {
    t = await startTestApp();
    judge = await t.account('judge', 'sudija@example.org');
  });
  afterAll(async () => {
    await t.close();
  });

  /** What the director's log must hold, in order: the action, its division, whom or what it is about. */
  const did: [action: string, division: string | null, subject: string | null][] = [];

  let tournamentId: number;
  let kvizovkaId: number;
  let scrabbleId: number;
  let kPlayers: Player[];
  let sPlayers: Player[];
  let kBook: Book;
  let sBook: Book;

  const K = 'Kvizovka';
  const S = 'Scrabble';

  async function registerAll(divisionId: number, division: string, list: [string, string][]) {
    const out: Player[] = [];
    for (const [i, [name, club]] of list.entries()) {
      const res = await t.http
        .post(`/api/divisions/${divisionId}/players`)
        .set(t.organiser)
        .send({ name, club, rating: 2000 - i * 50 })
        .expect(201);
      did.push(['player.registered', division, name]);
      out.push({ id: res.body.id, name, seed: res.body.seed, club });
    }
    return out;
  }

  async function pairRound(divisionId: number, division: string, body = {}) {
    const round = (await pair(t, divisionId, body)) as RoundWithNotPaired;
    did.push(['round.paired', division, `round ${round.number}`]);
    return round;
  }

  /** A game typed from the paper by the judge, recorded in the ledger. */
  async function typed(
    book: Book,
    division: string,
    g: GameJson,
    scores: number[],
    clocks: string[],
  ) {
    await enterResult(t, judge, g, { scores, clocks });
    did.push(['result.entered', division, `${g.round}.${g.table}`]);
    book.entries.push({
      round: g.round,
      kind: 'played',
      a: g.first.id,
      b: g.second!.id,
      scores,
      clocks,
    });
  }

  const byesOf = (book: Book, round: RoundJson) => {
    for (const g of round.games.filter((x) => x.second === null)) {
      expect(g.status).toBe('bye');
      book.entries.push({ round: round.number, kind: 'bye', a: g.first.id });
    }
  };

  /** Every table of a round is of players from different clubs, and the round says nothing of it. */
  const clubsApart = (players: Player[], round: RoundJson) => {
    const club = (id: number) => players.find((p) => p.id === id)!.club;
    const together = round.games
      .filter((g) => g.second !== null && club(g.first.id) === club(g.second.id))
      .map((g) => `round ${round.number}, table ${g.table}: ${g.first.name}–${g.second!.name}`);
    expect(together).toEqual([]);
    expect(round.notes.join(' ')).not.toContain('keep apart');
  };

  /**
   * Kvizovka's scores: the better seed (the stronger player) wins; the figures vary with the
   * round and table so that spreads and clocks differ.
   */
  const kvizovkaScores = (g: GameJson, players: Player[]) => {
    const seed = (id: number) => players.find((p) => p.id === id)!.seed;
    const winner = 300 + 10 * g.table + g.round;
    const loser = winner - (20 + 15 * ((g.round * g.table) % 5));
    const firstWins = seed(g.first.id) < seed(g.second!.id);
    return {
      scores: firstWins ? [winner, loser] : [loser, winner],
      clocks: [`0${1 + ((g.round + g.table) % 8)}:00`, `0${1 + ((3 * g.round + g.table) % 8)}:30`],
    };
  };

  test('Friday evening: the tournament, its two divisions with their settings, the players', async () => {
    const created = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({
        name: 'Vikend turnir',
        ruleSet: 'kvizovka',
        rounds: 5,
        avoidSameClub: true,
        divisions: [K],
      })
      .expect(201);
    did.push(['tournament.created', null, null]);
    tournamentId = created.body.id as number;
    kvizovkaId = created.body.divisions[0].id as number;
    // The director gives the weekend's judge a role in it (a line of the log).
    await t.grant(tournamentId, judge, 'judge');
    did.push(['role.granted', null, null]);
    expect(created.body.divisions[0]).toMatchObject({
      ruleSet: 'kvizovka',
      rounds: 5,
      avoidSameClub: true,
      byeSpread: 50,
      forfeitSpread: 50,
      spreadCap: null,
      gibsonize: false,
    });
    // A forfeit is worth 60 here, not the bye's 50: a setting changed before round 1.
    await t.http
      .patch(`/api/divisions/${kvizovkaId}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/divisions/${kvizovkaId}`))
      .send({ forfeitSpread: 60 })
      .expect(200);
    did.push(['division.settings', K, null]);

    const side = await t.http
      .post(`/api/tournaments/${tournamentId}/divisions`)
      .set(t.organiser)
      .send({
        name: S,
        ruleSet: 'scrabble-en',
        rounds: 7,
        tieBreaks: ['spread'],
        byeSpread: 0,
        spreadCap: 100,
        avoidSameClub: true,
        gibsonize: true,
      })
      .expect(201);
    did.push(['division.added', S, null]);
    scrabbleId = side.body.id as number;
    expect(side.body).toMatchObject({
      ruleSet: 'scrabble-en',
      rounds: 7,
      tieBreaks: ['spread'],
      spreadCap: 100,
      avoidSameClub: true,
      gibsonize: true,
    });

    // Four clubs of two in Kvizovka: without club avoidance round 1 would seat club-mates.
    kPlayers = await registerAll(kvizovkaId, K, [
      ['Milan', 'Beograd'],
      ['Jelena', 'Novi Sad'],
      ['Stefan', 'Niš'],
      ['Marija', 'Kragujevac'],
      ['Nikola', 'Beograd'],
      ['Ivana', 'Novi Sad'],
      ['Dragan', 'Niš'],
      ['Vesna', 'Kragujevac'],
    ]);
    // Scrabble: Ana, who wins every game, and Zoran, who loses every game, are of different clubs.
    sPlayers = await registerAll(scrabbleId, S, [
      ['Ana', 'Pula'],
      ['Boris', 'Zagreb'],
      ['Cvijeta', 'Split'],
      ['Davor', 'Rijeka'],
      ['Ema', 'Osijek'],
      ['Filip', 'Rijeka'],
      ['Goran', 'Osijek'],
      ['Hrvoje', 'Pula'],
      ['Ivo', 'Zadar'],
      ['Zoran', 'Split'],
    ]);
    expect(kPlayers.map((p) => p.seed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(sPlayers.map((p) => p.seed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    kBook = new Book(kPlayers, {
      byeSpread: 50,
      forfeitSpread: 60,
      spreadCap: null,
      tieBreaks: ['spread', 'remaining-time'],
    });
    sBook = new Book(sPlayers, {
      byeSpread: 0,
      forfeitSpread: 50,
      spreadCap: 100,
      tieBreaks: ['spread'],
    });
  });

  /**
   * Scrabble's scores: Ana wins every game, Zoran loses every game; between the others the
   * player with fewer points wins (on equal points the higher seed number), which keeps the
   * field behind Ana close together. Spreads of 30, 70, 110 and 150 by round and table: the
   * cap of 100 counts the last two as 100.
   */
  const scrabbleScores = (g: GameJson) => {
    const name = (id: number) => sPlayers.find((p) => p.id === id)!.name;
    const [x, y] = [g.first.id, g.second!.id];
    const points = sBook.points(g.round - 1);
    const seed = (id: number) => sPlayers.find((p) => p.id === id)!.seed;
    let firstWins: boolean;
    if (name(x) === 'Ana' || name(y) === 'Zoran') firstWins = true;
    else if (name(y) === 'Ana' || name(x) === 'Zoran') firstWins = false;
    else if (points.get(x) !== points.get(y)) firstWins = points.get(x)! < points.get(y)!;
    else firstWins = seed(x) > seed(y);
    const winner = 380 + 7 * g.round + 3 * g.table;
    const loser = winner - (30 + 40 * ((g.round + g.table) % 4));
    return {
      scores: firstWins ? [winner, loser] : [loser, winner],
      clocks: ['05:00', '04:00'],
    };
  };

  const kPlayer = (name: string) => kPlayers.find((p) => p.name === name)!;
  const sPlayer = (name: string) => sPlayers.find((p) => p.name === name)!;
  const seatedIn = (round: RoundJson) =>
    round.games.flatMap((g) => [g.first.name, ...(g.second ? [g.second.name] : [])]);
  const tableOf = (round: RoundJson, name: string) =>
    round.games.find((g) => g.first.name === name || g.second?.name === name)!;
  const notPaired = (round: RoundWithNotPaired) =>
    round.notPaired.map((n) => [n.player.name, n.reason]).sort();

  async function scrabbleRound(): Promise<RoundJson> {
    const round = await pairRound(scrabbleId, S);
    expect(round.games).toHaveLength(5);
    for (const g of round.games) {
      const { scores, clocks } = scrabbleScores(g);
      await typed(sBook, S, g, scores, clocks);
    }
    return round;
  }

  test('Saturday morning: round 1 of both divisions, a forfeit; an absence announced', async () => {
    const r1 = await pairRound(kvizovkaId, K);
    // Without clubs, round 1 pairs the top half with the bottom half: 1–5, 2–6, 3–7, 4–8, that
    // is Milan–Nikola (Beograd), Jelena–Ivana (Novi Sad), Stefan–Dragan (Niš), Marija–Vesna
    // (Kragujevac), all club-mates. Kept apart, the halves meet 1–6, 2–5, 3–8, 4–7.
    expect(r1.games.map((g) => [g.first.name, g.second!.name])).toEqual([
      ['Milan', 'Ivana'],
      ['Jelena', 'Nikola'],
      ['Stefan', 'Vesna'],
      ['Marija', 'Dragan'],
    ]);
    clubsApart(kPlayers, r1);
    // Vesna did not come: Stefan wins by forfeit, +60 to him and −60 to Vesna.
    const forfeit = tableOf(r1, 'Vesna');
    const absent = forfeit.first.name === 'Vesna' ? 0 : 1;
    const res = await t.http
      .put(`/api/games/${forfeit.id}/result`)
      .set(judge)
      .send({ kind: 'forfeit', absent })
      .expect(200);
    expect(res.body.result).toMatchObject({
      kind: 'forfeit',
      absent,
      winner: absent === 0 ? 'second' : 'first',
      scores: null,
    });
    did.push(['result.entered', K, `1.${forfeit.table}`]);
    const present = absent === 0 ? forfeit.second!.id : forfeit.first.id;
    kBook.entries.push({ round: 1, kind: 'forfeit', winner: present, loser: kPlayer('Vesna').id });
    for (const g of r1.games.filter((x) => x !== forfeit)) {
      const { scores, clocks } = kvizovkaScores(g, kPlayers);
      await typed(kBook, K, g, scores, clocks);
    }

    const s1 = await scrabbleRound();
    clubsApart(sPlayers, s1);

    // Ivana says on Saturday morning that she will miss round 4 (Sunday morning).
    const ivana = kPlayer('Ivana');
    const marked = await t.http
      .post(`/api/players/${ivana.id}/absences`)
      .set(t.organiser)
      .send({ round: 4 })
      .expect(200);
    expect(marked.body.absentRounds).toEqual([4]);
    did.push(['player.absent', K, 'Ivana']);
    kBook.absent.set(ivana.id, [4]);
  });

  test('Saturday afternoon: round 2, a double forfeit; Dragan withdraws', async () => {
    const r2 = await pairRound(kvizovkaId, K);
    expect(r2.games).toHaveLength(4);
    clubsApart(kPlayers, r2);
    // Neither player of Stefan's table came back from lunch: both lose, no spread.
    const double = tableOf(r2, 'Stefan');
    const res = await t.http
      .put(`/api/games/${double.id}/result`)
      .set(judge)
      .send({ kind: 'double-forfeit' })
      .expect(200);
    expect(res.body.result).toMatchObject({ kind: 'double-forfeit', winner: 'none' });
    did.push(['result.entered', K, `2.${double.table}`]);
    kBook.entries.push({
      round: 2,
      kind: 'double-forfeit',
      a: double.first.id,
      b: double.second!.id,
    });
    for (const g of r2.games.filter((x) => x !== double)) {
      const { scores, clocks } = kvizovkaScores(g, kPlayers);
      await typed(kBook, K, g, scores, clocks);
    }
    const s2 = await scrabbleRound();
    clubsApart(sPlayers, s2);

    // Dragan has to go home.
    const dragan = kPlayer('Dragan');
    const gone = await t.http
      .post(`/api/players/${dragan.id}/withdraw`)
      .set(t.organiser)
      .expect(200);
    expect(gone.body.active).toBe(false);
    did.push(['player.withdrawn', K, 'Dragan']);
  });

  let byeInRound3: string;
  let firstRound4: { table: number; first: string; second: string }[];

  test('Saturday evening: round 3 without Dragan, with a bye', async () => {
    const r3 = await pairRound(kvizovkaId, K);
    expect(notPaired(r3)).toEqual([['Dragan', 'withdrawn']]);
    // Seven players: three tables and a bye.
    expect(r3.games).toHaveLength(4);
    expect(seatedIn(r3)).not.toContain('Dragan');
    clubsApart(kPlayers, r3);
    byesOf(kBook, r3);
    byeInRound3 = r3.games.find((g) => g.second === null)!.first.name;
    for (const g of r3.games.filter((x) => x.second !== null)) {
      const { scores, clocks } = kvizovkaScores(g, kPlayers);
      await typed(kBook, K, g, scores, clocks);
    }
    const s3 = await scrabbleRound();
    clubsApart(sPlayers, s3);
  });

  test('Sunday morning: round 4 paired again when Dragan came back, after a question', async () => {
    const r4 = await pairRound(kvizovkaId, K);
    // Ivana is away as she said and Dragan is withdrawn: six players, three tables.
    expect(notPaired(r4)).toEqual([
      ['Dragan', 'withdrawn'],
      ['Ivana', 'absent'],
    ]);
    expect(r4.games).toHaveLength(3);
    firstRound4 = r4.games.map((g) => ({
      table: g.table,
      first: g.first.name,
      second: g.second!.name,
    }));
    // Two tables finish quickly; the judge types their results.
    for (const g of r4.games.slice(0, 2)) {
      const { scores, clocks } = kvizovkaScores(g, kPlayers);
      await typed(kBook, K, g, scores, clocks);
    }
    // Then Dragan walks in: reinstated, and the round is paired again with him.
    const dragan = kPlayer('Dragan');
    const back = await t.http
      .post(`/api/players/${dragan.id}/reinstate`)
      .set(t.organiser)
      .expect(200);
    expect(back.body.active).toBe(true);
    did.push(['player.reinstated', K, 'Dragan']);

    // First the question: two results would go.
    const asked = await t.http
      .post(`/api/divisions/${kvizovkaId}/rounds/4/re-pair`)
      .set(t.organiser)
      .send({})
      .expect(409);
    expect(asked.body.code).toBe('CONFIRMATION_NEEDED');
    expect(asked.body.details).toEqual({ round: 4, games: 3, results: 2, sheets: 0, drafts: 0 });
    expect(asked.body.message).toContain('round 4 has 2 results, 0 score sheets, 0 drafts');
    // Nothing changed: the same tables, the two results still there.
    const still = (await t.http.get(`/api/divisions/${kvizovkaId}/rounds/4`).expect(200))
      .body as RoundJson;
    expect(still.games.map((g) => [g.id, g.status])).toEqual(
      r4.games.map((g, i) => [g.id, i < 2 ? 'complete' : 'pending']),
    );

    const again = (
      await t.http
        .post(`/api/divisions/${kvizovkaId}/rounds/4/re-pair`)
        .set(t.organiser)
        .send({ confirm: true })
        .expect(200)
    ).body as RoundWithNotPaired;
    did.push(['round.repaired', K, 'round 4']);
    kBook.dropRound(4);
    expect(again.number).toBe(4);
    expect(notPaired(again)).toEqual([['Ivana', 'absent']]);
    // Seven players with Dragan: three tables and a bye. The standings are those the round was
    // first paired by, so the three tables stay; the bye goes to the lowest-ranked player who
    // has had none: Dragan, on 0 points (lost rounds 1 and 2, away in round 3), not round 3's.
    expect(again.games.map((g) => [g.table, g.first.name, g.second?.name ?? null])).toEqual([
      ...firstRound4.map((x) => [x.table, x.first, x.second]),
      [4, 'Dragan', null],
    ]);
    expect(byeInRound3).not.toBe('Dragan');
    expect(again.games.every((g) => g.status !== 'complete')).toBe(true);
    clubsApart(kPlayers, again);
    byesOf(kBook, again);
    for (const g of again.games.filter((x) => x.second !== null)) {
      const { scores, clocks } = kvizovkaScores(g, kPlayers);
      await typed(kBook, K, g, scores, clocks);
    }
    const s4 = await scrabbleRound();
    clubsApart(sPlayers, s4);
  });

  test('Sunday afternoon: the last rounds; Gibsonization in Scrabble round 7, checked by hand', async () => {
    const r5 = await pairRound(kvizovkaId, K);
    expect(notPaired(r5)).toEqual([]);
    expect(r5.games).toHaveLength(4);
    clubsApart(kPlayers, r5);
    for (const g of r5.games) {
      const { scores, clocks } = kvizovkaScores(g, kPlayers);
      await typed(kBook, K, g, scores, clocks);
    }
    clubsApart(sPlayers, await scrabbleRound());
    clubsApart(sPlayers, await scrabbleRound());

    // --- Gibsonization, by hand, from the standings after round 6 -----------------------
    // The standings after 6 rounds (the ledger's, and the server's: checked equal here):
    //   Ana 6 (+500); Ivo 4 (+240), Hrvoje 4 (+130), Filip 4 (+70); Ema 3, Goran 3;
    //   Boris 2 (−130), Davor 2 (−160), Cvijeta 2 (−200); Zoran 0.
    // 1. Ana is clinched: 6 − 4 = 2 points ahead of Ivo with 1 round left, more than the
    //    round can change (Ana losing and Ivo winning still leaves 6 against 5).
    // 2. Out of the race for second place: whoever cannot reach Ivo's 4 with one more win,
    //    2 + 1 = 3 < 4: Boris, Davor, Cvijeta and Zoran. Ema and Goran (3 + 1 = 4) can tie.
    // 3. Of those, Ana meets the highest-ranked she has not met: she has met Filip, Goran,
    //    Ivo, Ema, Cvijeta and Zoran (rounds 1–6); Boris ranks first of the four on spread
    //    (−130 before −160, −200 and Zoran's 0 points) and is new to her: Ana–Boris.
    //    The game decides nothing behind her: whatever Ana and Boris do, the race for second
    //    between Ivo, Hrvoje, Filip, Ema and Goran is played at the other tables.
    const after6 = sBook.rows(6);
    expect(figures(await standings(t, scrabbleId, 6))).toEqual(after6);
    expect(after6.map((r) => [r.name, r.points, r.spread])).toEqual([
      ['Ana', 6, 500],
      ['Ivo', 4, 240],
      ['Hrvoje', 4, 130],
      ['Filip', 4, 70],
      ['Ema', 3, 130],
      ['Goran', 3, -110],
      ['Boris', 2, -130],
      ['Davor', 2, -160],
      ['Cvijeta', 2, -200],
      ['Zoran', 0, -470],
    ]);
    const ana = sPlayer('Ana');
    const anaMet = sPlayers.filter((p) => sBook.met(ana.id, p.id)).map((p) => p.name);
    expect(anaMet.sort()).toEqual(['Cvijeta', 'Ema', 'Filip', 'Goran', 'Ivo', 'Zoran']);
    // The same rule worked out from the figures, as the comments do.
    const [leader, second] = after6;
    const left = 7 - 7 + 1;
    expect(leader.points - second.points).toBeGreaterThan(left);
    const out = after6.slice(2).filter((r) => r.points + left < second.points);
    expect(out.map((r) => r.name)).toEqual(['Boris', 'Davor', 'Cvijeta', 'Zoran']);
    const opponent = out.find((r) => !anaMet.includes(r.name)) ?? out[0];
    expect(opponent.name).toBe('Boris');

    const r7 = await pairRound(scrabbleId, S);
    clubsApart(sPlayers, r7);
    const gibson = tableOf(r7, 'Ana');
    expect([gibson.first.name, gibson.second!.name].sort()).toEqual(['Ana', 'Boris']);
    expect(r7.notes).toContain(
      `${ana.id} cannot be caught for first place (6 points, ${sPlayer('Ivo').id} 4, 1 round(s) left) and is paired with ${sPlayer('Boris').id}, the highest-ranked player who can no longer reach second place`,
    );
    for (const g of r7.games) {
      const { scores, clocks } = scrabbleScores(g);
      await typed(sBook, S, g, scores, clocks);
    }
  });

  test("the standings of both divisions, after every round, are the ledger's", async () => {
    for (const round of [1, 2, 3, 4, 5]) {
      expect([round, figures(await standings(t, kvizovkaId, round))]).toEqual([
        round,
        kBook.rows(round),
      ]);
    }
    for (const round of [1, 2, 3, 4, 5, 6, 7]) {
      expect([round, figures(await standings(t, scrabbleId, round))]).toEqual([
        round,
        sBook.rows(round),
      ]);
    }
    const k = await standings(t, kvizovkaId);
    expect(k).toMatchObject({ round: 5, pendingGames: 0 });
    const rows = figures(k);
    const row = (name: string) => rows.find((r) => r.name === name)!;
    // The forfeit, the double forfeit, the absence, the withdrawal and return, as they count.
    expect(row('Vesna')).toMatchObject({ forfeitLosses: 1, active: true });
    expect(row('Ivana')).toMatchObject({ absences: 1, gamesPlayed: 4 });
    // Dragan played rounds 1, 2 and 5; back in round 4 he was the lowest-ranked without a bye.
    expect(row('Dragan')).toMatchObject({ active: true, gamesPlayed: 3, byes: 1 });
    expect(rows.reduce((n, r) => n + r.forfeitWins, 0)).toBe(1);
    expect(rows.reduce((n, r) => n + r.forfeitLosses, 0)).toBe(3);
    // The spread cap: Scrabble's spreads of 110 and 150 count as 100, the totals stay whole.
    const s = figures(await standings(t, scrabbleId));
    const uncapped = new Book(sPlayers, { ...sBook.rules, spreadCap: null });
    uncapped.entries = sBook.entries;
    const whole = new Map(uncapped.rows().map((r) => [r.name, r]));
    expect(s.some((r) => r.spread !== whole.get(r.name)!.spread)).toBe(true);
    expect(s.map((r) => [r.name, r.totalScore]).sort()).toEqual(
      [...whole.values()].map((r) => [r.name, r.totalScore]).sort(),
    );
    expect(s[0]).toMatchObject({ name: 'Ana', points: 7 });
  });

  interface LogEntry {
    id: number;
    at: string;
    action: string;
    by: { userId: number | null; name: string; email: string | null } | null;
    note: string | null;
    divisionId: number | null;
    division: string | null;
    playerId: number | null;
    player: string | null;
    gameId: number | null;
    players: [string, string | null] | null;
    round: number | null;
    table: number | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }

  /** The whole log of a tournament, oldest first. */
  async function wholeLog(id: number): Promise<LogEntry[]> {
    const res = await t.http
      .get(`/api/tournaments/${id}/log?limit=1000`)
      .set(t.organiser)
      .expect(200);
    expect(res.body.older).toBeNull();
    return (res.body.entries as LogEntry[]).reverse();
  }

  test("the director's log lists every action of the weekend, in order, with who did it", async () => {
    const log = await wholeLog(tournamentId);
    const subject = (e: LogEntry) =>
      e.action.startsWith('player.')
        ? e.player
        : e.action.startsWith('round.')
          ? `round ${e.round}`
          : e.action.startsWith('result.')
            ? `${e.round}.${e.table}`
            : null;
    expect(log.map((e) => [e.action, e.division, subject(e)])).toEqual(did);
    // 4 set-up (tournament, the judge's role, a setting, a division) + 18 players + 12 rounds
    // paired + 1 re-paired + 3 (absence, withdrawal, reinstatement) + 55 results (Kvizovka
    // 4 + 4 + 3 + 2 + 3 + 4 = 20, Scrabble 7 × 5 = 35) = 93.
    expect(log).toHaveLength(93);
    expect(log.map((e) => e.id)).toEqual([...log.map((e) => e.id)].sort((x, y) => x - y));

    // Results by the judge, everything else by the organiser.
    const olga = { userId: expect.any(Number), name: ORGANISER.name, email: ORGANISER.email };
    const sudija = { userId: expect.any(Number), name: 'judge 1', email: 'sudija@example.org' };
    for (const e of log) expect(e.by).toEqual(e.action.startsWith('result.') ? sudija : olga);
    expect(log.every((e) => e.note === null)).toBe(true);

    // Each result names its game's players, as the rounds show them (the two results of the
    // first round 4 went with it: their entries keep round and table, the re-pair the rest).
    const tables = new Map<string, string[]>();
    for (const [id, name] of [
      [kvizovkaId, K],
      [scrabbleId, S],
    ] as const) {
      const rounds = (await t.http.get(`/api/divisions/${id}/rounds`).expect(200))
        .body as RoundJson[];
      for (const r of rounds) {
        for (const g of r.games.filter((x) => x.second !== null)) {
          tables.set(`${name} ${r.number}.${g.table}`, [g.first.name, g.second!.name]);
        }
      }
    }
    const results = log.filter((e) => e.action === 'result.entered');
    const gone = results.filter((e) => e.gameId === null);
    expect(gone.map((e) => [e.round, e.table, e.players])).toEqual([
      [4, 1, null],
      [4, 2, null],
    ]);
    for (const e of results.filter((x) => x.gameId !== null)) {
      expect([e.round, e.table, e.players]).toEqual([
        e.round,
        e.table,
        tables.get(`${e.division} ${e.round}.${e.table}`),
      ]);
    }

    const one = (action: string) => {
      const found = log.filter((e) => e.action === action);
      expect(found).toHaveLength(1);
      return found[0];
    };
    expect(one('tournament.created').after).toMatchObject({
      name: 'Vikend turnir',
      rounds: 5,
      divisions: [K],
    });
    expect(one('division.settings')).toMatchObject({
      division: K,
      before: { forfeitSpread: 50 },
      after: { forfeitSpread: 60 },
    });
    expect(one('division.added').after).toMatchObject({
      name: S,
      ruleSet: 'scrabble-en',
      rounds: 7,
    });
    expect(one('player.absent')).toMatchObject({ player: 'Ivana', round: 4 });
    expect(one('player.withdrawn')).toMatchObject({
      player: 'Dragan',
      before: { active: true },
      after: { active: false },
    });
    expect(one('player.reinstated')).toMatchObject({ player: 'Dragan', after: { active: true } });
    const [forfeit, double] = results.filter(
      (e) => (e.after as { reason: string }).reason !== 'score',
    );
    expect(forfeit).toMatchObject({ round: 1, after: { reason: 'forfeit' } });
    expect(forfeit.players).toContain('Vesna');
    expect(double).toMatchObject({
      round: 2,
      after: { reason: 'double-forfeit', winner: 'none' },
    });
    expect(double.players).toContain('Stefan');
    // The re-pair keeps the round as it was, its two results, and the new tables.
    const repaired = one('round.repaired');
    const before = repaired.before as {
      counts: Record<string, number>;
      tables: { table: number; first: string; second: string; result: unknown }[];
    };
    expect(before.counts).toEqual({ games: 3, results: 2, sheets: 0, drafts: 0 });
    expect(before.tables.map(({ table, first, second }) => ({ table, first, second }))).toEqual(
      firstRound4,
    );
    expect(before.tables.map((x) => x.result !== null)).toEqual([true, true, false]);
    const round4 = (await t.http.get(`/api/divisions/${kvizovkaId}/rounds/4`).expect(200))
      .body as RoundJson;
    // Round 4 paired again without a lag: from the standings after round 3.
    expect(repaired.after).toEqual({
      system: 'swiss',
      basedOn: 3,
      tables: round4.games.map((g) => ({
        table: g.table,
        first: g.first.name,
        second: g.second?.name ?? null,
      })),
    });
  });

  test('export → import: the same rounds, standings and log in the copy', async () => {
    const { exported, imported } = await exportAndImport(t, tournamentId);
    const copy = new Map(
      (imported.divisions as unknown as { id: number; name: string }[]).map((d) => [d.name, d.id]),
    );
    expect([...copy.keys()]).toEqual([K, S]);
    const strip = (x: StandingsJson) => x.rows.map(({ playerId: _id, ...rest }) => rest);
    for (const [name, id, rounds] of [
      [K, kvizovkaId, 5],
      [S, scrabbleId, 7],
    ] as const) {
      for (let n = 1; n <= rounds; n++) {
        const original = await standings(t, id, n);
        const again = await standings(t, copy.get(name)!, n);
        expect([name, n, strip(again)]).toEqual([name, n, strip(original)]);
      }
      // The rounds as they are shown: tables, results, notes and who was not paired, and why.
      const shown = async (divisionId: number) =>
        (
          (await t.http.get(`/api/divisions/${divisionId}/rounds`).expect(200))
            .body as RoundWithNotPaired[]
        ).map((r) => ({
          number: r.number,
          system: r.system,
          notes: r.notes,
          notPaired: notPaired(r),
          games: r.games.map((g) => [
            g.table,
            g.status,
            g.first.name,
            g.second?.name ?? null,
            g.result,
          ]),
        }));
      const originalRounds = await shown(id);
      expect(await shown(copy.get(name)!)).toEqual(originalRounds);
    }

    // The log: the same entries (ids aside: the copy's own players, games and divisions), then
    // the import's own entry. The two results typed in the first round 4 name no game in the
    // copy either: that round went, and table 1 and 2 of the new round 4 are other games.
    const same = (e: LogEntry) => {
      const { id: _i, divisionId: _d, playerId: _p, gameId, ...rest } = e;
      return { ...rest, game: gameId !== null };
    };
    const log = await wholeLog(tournamentId);
    const copyLog = await wholeLog(imported.id);
    expect(copyLog).toHaveLength(log.length + 1);
    expect(copyLog.slice(0, -1).map(same)).toEqual(log.map(same));
    expect(copyLog[copyLog.length - 1]).toMatchObject({
      action: 'tournament.imported',
      by: { name: ORGANISER.name, email: ORGANISER.email },
      after: { name: 'Vikend turnir', exportedAt: exported.exportedAt },
    });
    // And exporting the copy gives the same document, but for the import's entry.
    const again = (
      await t.http.get(`/api/tournaments/${imported.id}/export`).set(t.organiser).expect(200)
    ).body as Record<string, unknown> & { log: unknown[] };
    expect((again.log[again.log.length - 1] as { action: string }).action).toBe(
      'tournament.imported',
    );
    expect({ ...again, exportedAt: null, log: again.log.slice(0, -1) }).toEqual({
      ...exported,
      exportedAt: null,
    });
  });
});
