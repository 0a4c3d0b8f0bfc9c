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
 *          23:30 left), table 2 Dule 147 – 118 Ceca (24-carried-total: an addition slip, turn
 *          5's TOPAO written 19 for the rules' 16 and carried, so the sheet sums Dule's game to
 *          150; the sheet does not verify, but the result was saved from it and stands: it
 *          counts, with the engine's 147, not the sheet's 150; Dule 16:34 left).
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

describe(`prize table and prize list from the sheets results stand on (${DATABASE_KIND})`, () => {
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
    const judge = await t.account('judge', undefined, [tournamentId]);
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
    // The tournament's judge: a director's write is refused.
    const judge = await t.account('judge', undefined, [tournamentId]);
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
    // Every game's result stands on its sheet, the addition slip's too: none left out.
    expect([list.gamesWithResult, list.sheetsNotVerified]).toEqual([4, 0]);
    expect(winners(list)).toEqual([
      ['overall 1', 'Bora 10000'],
      ['overall 2', 'Ana 6000'],
      ['overall 3', 'Dule -'], // the book
      // Class C (below 1600, and unrated): Dule is paid 3rd overall; Ceca (1520) is next: 1st.
      // Nobody else is left in C, so its 2nd prize is not paid.
      ['C 1', 'Ceca 3000'],
      // Class B (1600 to 1699): only Bora (1650), paid 1st overall: nobody.
      // Highest game: Dule's 147 (round 2, table 2): 147 from moves − 0 on the rack, the
      // engine's sum (the sheet wrote 150 = 147 + the 3 of the slip on turn 5); 147 > Ana's 139.
      ['highest-game', 'Dule 1000'],
      // Highest play: Ana's 9B MATEMATIKA, 88 (round 1, table 1, turn 1): the dictionary
      // (Dule's best in round 2 is 15H G.BANICA 30, Ceca's A8 .RAŠAK 16).
      ['highest-play', 'Ana -'],
      // All-tile plays: Ana 1 (MATEMATIKA), nobody else.
      ['most-all-tile-plays', 'Ana 500'],
      // Time left in wins: Ana 30:00 = 1800 s (round 1); Bora 20:40 + 23:30 = 1240 + 1410
      // = 2650 s; Dule 16:34 = 994 s (round 2). Bora.
      ['best-time-in-wins', 'Bora 500'],
      // Invalid words, everyone with 2 games counted: Ana 0, Bora 1, Ceca 0, Dule 2 (both
      // in round 1; none on the slip's sheet). Ana and Ceca share it, for honour.
      ['fewest-invalid-words', 'Ana -, Ceca -'],
    ]);
    const award = (kind: string) => list.list.lines.find((l) => l.award === kind)!.winners[0];
    expect(award('highest-game')).toMatchObject({ value: 147, at: { round: 2, table: 2 } });
    expect(award('highest-play')).toMatchObject({
      value: 88,
      at: { round: 1, table: 1, turn: 1, play: '9B MATEMATIKA' },
    });
    expect(award('best-time-in-wins').value).toBe(2650);
    expect(award('fewest-invalid-words').value).toBe(0);

    // Statistics: the four sheets the results stand on.
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
    // Ceca: 42 + 118 = 160 in 2 games, average 80; best play H8 S.AT.STIKA 31 (round 1).
    expect(stats.Ceca).toMatchObject({
      games: 2,
      totalScore: 160,
      average: 80,
      highestGame: 118,
      highestPlay: 31,
    });
    // Dule: 21 + 147 = 168 in 2 games, average 84; best game 147, best play G.BANICA 30.
    expect(stats.Dule).toMatchObject({
      games: 2,
      totalScore: 168,
      average: 84,
      highestGame: 147,
      highestPlay: 30,
      invalidWords: 2,
    });
    // All: 4 games, (139 + 42 + 23 + 21 + 29 + 15 + 147 + 118) / 8 seats = 534 / 8 = 66.75.
    expect(list.list.totals).toEqual({
      games: 4,
      average: 66.75,
      highestGame: 147,
      highestPlay: 88,
      allTilePlays: 1,
      invalidWords: 3,
    });
    // The tournament in all: the Juniors' game too, 5 games, (534 + 72 + 26) / 10 seats
    // = 632 / 10 = 63.2; Eva's 72 and KOL.ČIĆ 64 beat nothing.
    expect(list.divisions).toBe(2);
    expect(list.tournamentTotals).toEqual({
      games: 5,
      average: 63.2,
      highestGame: 147,
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
    expect(en).toContain('4 of 4 games with a result');
    expect(en).not.toContain('Score sheets with an error, not counted');
    expect(en).toContain('Average score: 66.75');
    expect(en).toContain(
      'The whole tournament (2 divisions). Games counted: 5. Average score: 63.2. Highest game: 147.',
    );
    const latn = await page('sr-Latn');
    expect(latn).toContain('Nagrade i statistika');
    expect(latn).toContain('10.000 RSD');
    expect(latn).toContain('9B MATEMATIKA: 88 poena, 1. kolo, sto 1, 1. potez');
    expect(latn).toContain('Prosečan rezultat: 66,75');
    expect(latn).toContain(
      'Ceo turnir (grupa: 2). Uračunatih partija: 5. Prosečan rezultat: 63,2.',
    );
    const cyrl = await page('sr-Cyrl');
    expect(cyrl).toContain('Награде и статистика');
    expect(cyrl).toContain('Просечан резултат: 66,75');
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
        expect(text).toMatch(/66[.,]75/);
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
