import { readFileSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { describeWithPoppler, pdfFonts, pdfText, renderPage } from '../../render/poppler';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { binary, createTournament, pair, register, RoundJson } from '../tournament-helpers';

/**
 * Prizes of a tournament whose games come from the hand-made Kvizovka sheets of
 * test/fixtures: the prize table through the API (If-Match, 400 naming the field, nothing
 * half-written), and the prize list, awards and statistics worked out by hand from the sheets.
 *
 * Round 1: table 1 Ana 139 – 42 Ceca (08-long-words-bonuses: Ana's 9B MATEMATIKA 88 with the
 *          all-tile bonus; no clocks, so 30:00 left each), table 2 Bora 23 – 21 Dule
 *          (10-challenges-penalties: Bora 1 word ruled invalid, Dule 2; clocks 20:40 and 06:50).
 * Round 2: table 1 Ana 29 – 15 Bora, Bora wins: Ana's clock ran out (12-clock-expired; Bora
 *          23:30 left), table 2 Dule 147 – 118 Ceca (24-carried-total: a total carried wrong,
 *          the sheet does not verify: the result stands, but it counts for no award).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60000);
afterAll(() => t.close());

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(join(__dirname, '..', '..', 'fixtures', 'kvizovka', `${name}.sheet.json`), 'utf8'),
  ) as { players: string[] };

interface PrizeListJson {
  round: number;
  gamesWithResult: number;
  sheetsNotVerified: number;
  divisions: number;
  tournamentTotals: Record<string, unknown> | null;
  players: { id: number; name: string; rating: number | null; rank: number }[];
  list: {
    lines: {
      kind: string;
      className: string | null;
      places: number[];
      award: string | null;
      winners: {
        player: string;
        amount: number | null;
        value?: number;
        at?: { round: number; table: number; turn?: number; play?: string };
      }[];
    }[];
    players: Record<string, unknown>[];
    totals: Record<string, unknown>;
  };
}

const TABLE = {
  currency: 'RSD',
  places: [{ amount: 10000 }, { amount: 6000 }, { name: 'Knjiga' }],
  classes: [
    { name: 'C', below: 1600, prizes: [{ amount: 3000 }, { amount: 2000 }] },
    { name: 'B', below: 1700, prizes: [{ name: 'Pehar' }] },
  ],
  awards: [
    { kind: 'highest-game', prize: { amount: 1000 } },
    { kind: 'highest-play', prize: { name: 'Rečnik' } },
    { kind: 'most-all-tile-plays', prize: { amount: 500 } },
    { kind: 'best-time-in-wins', prize: { amount: 500 } },
    { kind: 'fewest-invalid-words' },
  ],
};

describe(`prize table and prize list from verified sheets (${DATABASE_KIND})`, () => {
  let tournamentId: number;
  let divisionId: number;
  const name = (list: PrizeListJson, player: string) =>
    list.players.find((p) => String(p.id) === player)!.name;
  const winners = (list: PrizeListJson) =>
    list.list.lines.map((l) => [
      l.kind === 'award' ? l.award : `${l.className ?? 'overall'} ${l.places.join('-')}`,
      l.winners.map((w) => `${name(list, w.player)} ${w.amount ?? '-'}`).join(', '),
    ]);

  beforeAll(async () => {
    ({ id: tournamentId, divisionId } = await createTournament(t, {
      name: 'Kup nagrada Šabac',
      ruleSet: 'kvizovka',
      rounds: 2,
    }));
    // Dule is unrated: he belongs to the lowest class.
    const ratings = [1800, 1650, 1520, undefined];
    await register(t, divisionId, ['Ana', 'Bora', 'Ceca', 'Dule'], (i) => ratings[i] as number);
    const judge = await t.account('judge');
    const put = async (g: RoundJson['games'][number], sheetName: string, ok: boolean) => {
      const sheet = fixture(sheetName);
      sheet.players = [g.first.name, g.second!.name];
      const res = await t.http.put(`/api/games/${g.id}/scoresheet`).set(judge).send(sheet);
      expect([res.status, res.body.scoresheet]).toEqual([200, { ok }]);
    };
    const r1 = await pair(t, divisionId);
    expect(r1.games.map((g) => [g.first.name, g.second?.name])).toEqual([
      ['Ana', 'Ceca'],
      ['Bora', 'Dule'],
    ]);
    await put(r1.games[0], '08-long-words-bonuses', true);
    await put(r1.games[1], '10-challenges-penalties', true);
    const r2 = await pair(t, divisionId);
    expect(r2.games.map((g) => [g.first.name, g.second?.name])).toEqual([
      ['Ana', 'Bora'],
      ['Dule', 'Ceca'],
    ]);
    await put(r2.games[0], '12-clock-expired', true);
    await put(r2.games[1], '24-carried-total', false);
    // A second division, for the tournament's figures in all: one game, 07-two-word-squares
    // (Eva 72 – 26 Filip, best play 15C KOL.ČIĆ 64), verified.
    const juniors = await t.http
      .post(`/api/tournaments/${tournamentId}/divisions`)
      .set(t.organiser)
      .send({ name: 'Juniori' })
      .expect(201);
    await register(t, juniors.body.id, ['Eva', 'Filip']);
    const j1 = await pair(t, juniors.body.id);
    await put(j1.games[0], '07-two-word-squares', true);
  }, 60000);

  it('keeps the prize table with If-Match: 428 without, 400 naming the field, 409 stale', async () => {
    const none = await t.http.get(`/api/tournaments/${tournamentId}/prizes`).expect(200);
    expect(none.body).toMatchObject({ version: 0, places: [], classes: [], awards: [] });
    await t.http
      .put(`/api/tournaments/${tournamentId}/prizes`)
      .set(t.organiser)
      .send(TABLE)
      .expect(428);
    const judge = await t.account('judge');
    await t.http
      .put(`/api/tournaments/${tournamentId}/prizes`)
      .set(judge)
      .set('If-Match', '0')
      .send(TABLE)
      .expect(403);
    const saved = await t.http
      .put(`/api/tournaments/${tournamentId}/prizes`)
      .set(t.organiser)
      .set('If-Match', '0')
      .send(TABLE)
      .expect(200);
    expect(saved.body.version).toBe(1);
    // A class bound below the class before it: refused, naming the field; nothing stored.
    const bad = {
      ...TABLE,
      classes: [TABLE.classes[0], { ...TABLE.classes[1], below: 1500 }],
    };
    const refused = await t.http
      .put(`/api/tournaments/${tournamentId}/prizes`)
      .set(t.organiser)
      .set('If-Match', '1')
      .send(bad)
      .expect(400);
    expect(refused.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'classes[1].below', problem: 'belowRising' },
    });
    expect(refused.body.message).toContain(
      'classes[1].below must be above the class before (1600)',
    );
    const amount = await t.http
      .put(`/api/tournaments/${tournamentId}/prizes`)
      .set(t.organiser)
      .set('If-Match', '1')
      .send({ ...TABLE, places: [{ amount: 10000 }, { amount: 'šest hiljada' }] })
      .expect(400);
    expect(amount.body.details.field).toBe('places[1].amount');
    const stale = await t.http
      .put(`/api/tournaments/${tournamentId}/prizes`)
      .set(t.organiser)
      .set('If-Match', '0')
      .send(TABLE)
      .expect(409);
    expect(stale.body.code).toBe('STALE_VERSION');
    const now = await t.http.get(`/api/tournaments/${tournamentId}/prizes`).expect(200);
    expect(now.body).toMatchObject({ version: 1, ...TABLE, onePrizePerPlayer: true });
    expect(now.body.classes[1].below).toBe(1700);
  });

  it('gives every prize and award as worked out by hand from the sheets', async () => {
    const list = (await t.http.get(`/api/divisions/${divisionId}/prizes`).expect(200))
      .body as PrizeListJson;
    // Standings: Bora 2 wins; Ana 1 win (+97 +(−14) = spread +83); Dule 1 win (−2 +29 = +27);
    // Ceca 0.
    expect(list.players.map((p) => [p.name, p.rank])).toEqual([
      ['Bora', 1],
      ['Ana', 2],
      ['Dule', 3],
      ['Ceca', 4],
    ]);
    expect([list.gamesWithResult, list.sheetsNotVerified]).toEqual([4, 1]);
    expect(winners(list)).toEqual([
      ['overall 1', 'Bora 10000'],
      ['overall 2', 'Ana 6000'],
      ['overall 3', 'Dule -'], // the book
      // Class C (below 1600, and unrated): Dule is paid 3rd overall; Ceca (1520) is next: 1st.
      // Nobody else is left in C, so its 2nd prize is not paid.
      ['C 1', 'Ceca 3000'],
      // Class B (1600 to 1699): only Bora (1650), paid 1st overall: nobody.
      // Highest game: Ana's 139 (round 1, table 1); Dule's 147 was on the sheet that did
      // not verify and does not count.
      ['highest-game', 'Ana 1000'],
      // Highest play: Ana's 9B MATEMATIKA, 88 (round 1, table 1, turn 1): the dictionary.
      ['highest-play', 'Ana -'],
      // All-tile plays: Ana 1 (MATEMATIKA), nobody else.
      ['most-all-tile-plays', 'Ana 500'],
      // Time left in wins: Ana 30:00 = 1800 s (round 1); Bora 20:40 + 23:30 = 1240 + 1410
      // = 2650 s; Dule's win was on the unverified sheet. Bora.
      ['best-time-in-wins', 'Bora 500'],
      // Invalid words among the players with 2 verified games (Ana, Bora): Ana 0, Bora 1
      // (Ceca has 0 too, but one verified game only; Dule 2 in one game). Ana, for honour.
      ['fewest-invalid-words', 'Ana -'],
    ]);
    const award = (kind: string) => list.list.lines.find((l) => l.award === kind)!.winners[0];
    expect(award('highest-game')).toMatchObject({ value: 139, at: { round: 1, table: 1 } });
    expect(award('highest-play')).toMatchObject({
      value: 88,
      at: { round: 1, table: 1, turn: 1, play: '9B MATEMATIKA' },
    });
    expect(award('best-time-in-wins').value).toBe(2650);
    expect(award('fewest-invalid-words').value).toBe(0);

    // Statistics: only the three verified sheets.
    const stats = Object.fromEntries(
      list.list.players.map((p) => [name(list, p.player as string), p]),
    );
    // Ana: 139 + 29 = 168 in 2 games, average 84; best play 88; 1 all-tile play.
    expect(stats.Ana).toMatchObject({
      games: 2,
      totalScore: 168,
      average: 84,
      highestGame: 139,
      highestPlay: 88,
      allTilePlays: 1,
      invalidWords: 0,
    });
    // Bora: 23 + 15 = 38, average 19; 1 invalid word (round 1).
    expect(stats.Bora).toMatchObject({ games: 2, totalScore: 38, average: 19, invalidWords: 1 });
    // Ceca: round 1 only (42), best play H8 S.AT.STIKA 31. Dule: round 1 only (21), 2 invalid.
    expect(stats.Ceca).toMatchObject({ games: 1, average: 42, highestGame: 42, highestPlay: 31 });
    expect(stats.Dule).toMatchObject({ games: 1, average: 21, highestGame: 21, invalidWords: 2 });
    // All: 3 verified games, (139 + 42 + 23 + 21 + 29 + 15) / 6 seats = 269 / 6 = 44.83.
    expect(list.list.totals).toEqual({
      games: 3,
      average: 44.83,
      highestGame: 139,
      highestPlay: 88,
      allTilePlays: 1,
      invalidWords: 3,
    });
    // The tournament in all: the Juniors' game too, 4 games, (269 + 72 + 26) / 8 seats
    // = 367 / 8 = 45.875, 45.88; Eva's 72 and KOL.ČIĆ 64 beat nothing.
    expect(list.divisions).toBe(2);
    expect(list.tournamentTotals).toEqual({
      games: 4,
      average: 45.88,
      highestGame: 139,
      highestPlay: 88,
      allTilePlays: 1,
      invalidWords: 3,
    });
  });

  it('with prizes added up, class prizes go to players paid overall too', async () => {
    await t.http
      .put(`/api/tournaments/${tournamentId}/prizes`)
      .set(t.organiser)
      .set('If-Match', '1')
      .send({ ...TABLE, onePrizePerPlayer: false })
      .expect(200);
    const list = (await t.http.get(`/api/divisions/${divisionId}/prizes`).expect(200))
      .body as PrizeListJson;
    // C in standings order: Dule (unrated, 3rd) 3000, Ceca (1520) 2000; B: Bora (1650) the cup.
    expect(winners(list).slice(3, 6)).toEqual([
      ['C 1', 'Dule 3000'],
      ['C 2', 'Ceca 2000'],
      ['B 1', 'Bora -'],
    ]);
    await t.http
      .put(`/api/tournaments/${tournamentId}/prizes`)
      .set(t.organiser)
      .set('If-Match', '2')
      .send(TABLE)
      .expect(200);
  });

  it('shows the prize list page in each language, the figures written in it', async () => {
    const page = async (lang: string) =>
      (await t.http.get(`/divisions/${divisionId}/prizes?lang=${lang}`).expect(200)).text;
    const en = await page('en');
    expect(en).toContain('Prizes and statistics');
    expect(en).toContain('10,000 RSD');
    expect(en).toContain('9B MATEMATIKA: 88 points, round 1, table 1, turn 1');
    expect(en).toContain('time left in wins: 44:10');
    expect(en).toContain('Class C: rated below 1600, and unrated');
    expect(en).toContain('Class B: rated 1600 to 1699');
    expect(en).toContain('nobody: the class has no player not paid already');
    expect(en).toContain('3 of 4 games with a result');
    expect(en).toContain('Average score: 44.83');
    expect(en).toContain(
      'The whole tournament (2 divisions). Verified games: 4. Average score: 45.88. Highest game: 139.',
    );
    const latn = await page('sr-Latn');
    expect(latn).toContain('Nagrade i statistika');
    expect(latn).toContain('10.000 RSD');
    expect(latn).toContain('9B MATEMATIKA: 88 poena, 1. kolo, sto 1, 1. potez');
    expect(latn).toContain('Prosečan rezultat: 44,83');
    expect(latn).toContain(
      'Ceo turnir (grupa: 2). Proverenih partija: 4. Prosečan rezultat: 45,88.',
    );
    const cyrl = await page('sr-Cyrl');
    expect(cyrl).toContain('Награде и статистика');
    expect(cyrl).toContain('Просечан резултат: 44,83');
    // The names stay as registered, the play as the engine read it.
    expect(cyrl).toContain('9B MATEMATIKA');
  });

  describeWithPoppler('the PDF (pdftotext, pdftoppm)', () => {
    it('has every prize and figure, in the language asked, and is drawn', async () => {
      for (const lang of ['sr-Latn', 'en', 'sr-Cyrl']) {
        const res = await t.http
          .get(`/divisions/${divisionId}/prizes.pdf?lang=${lang}`)
          .buffer(true)
          .parse(binary)
          .expect(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        const pdf = res.body as Buffer;
        writeFileSync(join(tmpdir(), `arbiter-prizes-${lang}.pdf`), pdf);
        const text = pdfText(pdf);
        for (const n of ['Ana', 'Bora', 'Ceca', 'Dule', 'Kup nagrada Šabac', '9B MATEMATIKA']) {
          expect(text).toContain(n);
        }
        if (lang === 'en') {
          expect(text).toContain('10,000 RSD');
          expect(text).toContain('Highest play');
          expect(text).toContain('time left in wins: 44:10');
        } else if (lang === 'sr-Latn') {
          expect(text).toContain('6.000 RSD');
          expect(text).toContain('Najbolji potez');
          expect(text).toContain('Knjiga');
        } else {
          expect(text).toContain('Најбољи потез');
        }
        expect(text).toMatch(/44[.,]83/);
        expect(pdfFonts(pdf).every((f) => f.embedded)).toBe(true);
        expect(renderPage(pdf, 1).inked).toBeGreaterThan(0.01);
      }
    });
  });

  it('answers 404 for a division or tournament that does not exist', async () => {
    await t.http.get('/api/divisions/9999/prizes').expect(404);
    await t.http.get('/api/tournaments/9999/prizes').expect(404);
    await t.http.get('/divisions/9999/prizes.pdf').expect(404);
  });
});
