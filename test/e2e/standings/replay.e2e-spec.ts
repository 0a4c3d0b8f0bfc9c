import { readFileSync } from 'fs';
import { join } from 'path';
import {
  gcgToScoresheet,
  parseGcg,
  readScoresheet,
  replayPositions,
  Scoresheet,
  verifyScoresheet,
} from '../../../src/engine';
import { decode, mainText, seedSite, Site } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { GameJson } from '../tournament-helpers';
import { rowTiles, svgTiles } from '../replay-tiles';

/** The squares a page marks as the turn's tiles. */
function placedMarks(html: string): string[] {
  return [...html.matchAll(/class="placed-mark" data-square="([A-Z]+\d+)"/g)]
    .map((m) => m[1])
    .sort();
}

describe(`a verified game turn by turn (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let site: Site;
  let sheet: Scoresheet;
  let digraphGame: number;

  beforeAll(async () => {
    t = await startTestApp();
    site = await seedSite(t, 'Kup potez po potez');
    const stored = (await t.http.get(`/api/games/${site.sheetGame}/scoresheet`).expect(200))
      .body as { text: string };
    const read = readScoresheet(JSON.parse(stored.text));
    if (!read.ok) throw new Error('the seeded sheet does not read');
    sheet = read.sheet;
    // The pending game gets a sheet with one-tile digraphs, a split IN|J and jokers.
    const pending = (await t.http.get(`/api/games/${site.pendingGame}`).expect(200))
      .body as GameJson;
    const fixture = JSON.parse(
      readFileSync(
        join(__dirname, '../../fixtures/kvizovka/09-digraphs-jokers-cyrillic.sheet.json'),
        'utf8',
      ),
    ) as Scoresheet & { meta?: unknown };
    delete fixture.meta;
    fixture.players = [pending.first.name, pending.second!.name];
    await t.http
      .put(`/api/games/${site.pendingGame}/scoresheet`)
      .set(t.organiser)
      .send(fixture)
      .expect(200);
    digraphGame = site.pendingGame;
  });
  afterAll(async () => {
    await t.close();
  });

  test('the game page links to the replay; a game without a sheet has none', async () => {
    const page = await t.http.get(`/games/${site.sheetGame}`).expect(200);
    expect(page.text).toContain(`href="/games/${site.sheetGame}/replay"`);
    const typed = await t.http.get(`/games/${site.typedGame}`).expect(200);
    expect(typed.text).not.toContain('/replay"');
  });

  test('every turn is a page of its own: the board as the engine has it after N turns, the tiles of turn N marked', async () => {
    const { positions } = replayPositions(sheet);
    const last = positions.length;
    expect(last).toBeGreaterThan(4);
    const start = await t.http.get(`/games/${site.sheetGame}/replay`).expect(200);
    expect(mainText(start.text)).toContain('Pre prvog poteza');
    expect(svgTiles(start.text).size).toBe(0);
    expect(decode(start.text)).toContain(
      `href="/games/${site.sheetGame}/replay?turn=1" rel="next"`,
    );
    for (const n of [1, 2, Math.floor(last / 2), last]) {
      const res = await t.http.get(`/games/${site.sheetGame}/replay?turn=${n}`).expect(200);
      const at = positions[n - 1];
      expect({ n, tiles: svgTiles(res.text) }).toEqual({ n, tiles: rowTiles(at.board) });
      expect({ n, placed: placedMarks(res.text) }).toEqual({ n, placed: [...at.placed].sort() });
      const text = mainText(res.text);
      expect(text).toContain(`Potez ${n} od ${last}`);
      // Each player's total and clock after turn n.
      sheet.players.forEach((_, p) => {
        const row = new RegExp(
          `data-player="${p}"[\\s\\S]*?data-total>(-?\\d+)<[\\s\\S]*?data-clock>([^<]*)<`,
        ).exec(res.text)!;
        expect({ n, p, total: Number(row[1]), clock: row[2] }).toEqual({
          n,
          p,
          total: at.totals[p],
          clock: at.clocks[p] ?? '',
        });
      });
      if (n > 1)
        expect(decode(res.text)).toContain(
          `href="/games/${site.sheetGame}/replay?turn=${n - 1}" rel="prev"`,
        );
      if (n < last)
        expect(decode(res.text)).toContain(
          `href="/games/${site.sheetGame}/replay?turn=${n + 1}" rel="next"`,
        );
      else expect(res.text).not.toContain('rel="next"');
      expect(res.text).toMatch(
        new RegExp(
          `<input type="range" id="replay-turn" name="turn" min="0" max="${last}" value="${n}"`,
        ),
      );
    }
    // The last turn's board is the game page's.
    const game = await t.http.get(`/games/${site.sheetGame}`).expect(200);
    const final = await t.http.get(`/games/${site.sheetGame}/replay?turn=${last}`).expect(200);
    expect(svgTiles(final.text)).toEqual(svgTiles(game.text));
  });

  test('the pages are kept like the game page: an entity tag, 304 when unchanged, no-cache', async () => {
    const path = `/games/${site.sheetGame}/replay?turn=3`;
    const first = await t.http.get(path).expect(200);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^(W\/)?"/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.http.get(path).expect(200);
    expect(again.headers.etag).toBe(tag);
    await t.http.get(path).set('If-None-Match', tag).expect(304);
    // Another language is another page.
    const english = await t.http.get(`${path}&lang=en`).expect(200);
    expect(mainText(english.text)).toContain('Turn 3 of');
  });

  test('a turn that is not a number, or past the last, is a 400 that says the range', async () => {
    const bad = await t.http.get(`/games/${site.sheetGame}/replay?turn=x`).expect(400);
    expect(decode(bad.text)).toContain('Parametar „turn” (potez) mora biti ceo broj od 0 naviše.');
    const past = await t.http.get(`/games/${site.sheetGame}/replay?turn=999&lang=en`).expect(400);
    expect(decode(past.text)).toContain(
      `has ${sheet.turns.length} turns: the parameter “turn” must be from 0 to ${sheet.turns.length}`,
    );
  });

  test('a game without a verified sheet is a 404 that says so; a game that does not exist, a 404', async () => {
    const typed = await t.http.get(`/games/${site.typedGame}/replay`).expect(404);
    expect(decode(typed.text)).toContain(
      'Ova partija nema provereni zapisnik, pa se ne može pratiti potez po potez',
    );
    const english = await t.http.get(`/games/${site.typedGame}/replay?lang=en`).expect(404);
    expect(decode(english.text)).toContain('This game has no verified score sheet');
    await t.http.get(`/games/${site.typedGame}/replay.gcg`).expect(404);
    await t.http.get('/games/999999/replay').expect(404);
  });

  test("a word judge's ruling shows on its turn, on a page kept before it", async () => {
    const path = `/games/${site.sheetGame}/replay?turn=2`;
    const before = await t.http.get(path).expect(200);
    expect(before.text).not.toContain('replay-rulings');
    const judged = await t.http
      .post('/api/word-judge')
      .set(t.organiser)
      .send({ gameId: site.sheetGame, turn: 2, words: ['KUĆA', 'PSA'] })
      .expect(200);
    expect(judged.body.verdict).toBe('INVALID');
    const after = await t.http.get(path).expect(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(mainText(after.text)).toContain('KUĆA, PSA: NIJE DOZVOLJENO');
    const other = await t.http.get(`/games/${site.sheetGame}/replay?turn=3`).expect(200);
    expect(other.text).not.toContain('replay-rulings');
  });

  test('the GCG record: players, one event a turn, the computed totals; read back, the same game', async () => {
    const res = await t.http.get(`/games/${site.sheetGame}/replay.gcg`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="game-${site.sheetGame}.gcg"`,
    );
    const text = res.text;
    expect(text).toMatch(/^#player1 \S+ /m);
    expect(text).toMatch(/^#player2 \S+ /m);
    expect(text).toMatch(/^>[^:]+: \S* ?\S+ \S+ \+\d+ \d+$/m);
    await t.http
      .get(`/games/${site.sheetGame}/replay.gcg`)
      .set('If-None-Match', String(res.headers.etag))
      .expect(304);
    const parsed = parseGcg(text);
    if (!parsed.ok) throw new Error(parsed.errors[0].message);
    const back = gcgToScoresheet(parsed.game);
    if (!back.ok) throw new Error(back.errors[0].message);
    const again = verifyScoresheet(back.value.sheet);
    const whole = verifyScoresheet(sheet);
    expect(again.board).toEqual(whole.board);
    expect(again.players.map((p) => p.final)).toEqual(whole.players.map((p) => p.final));
  });

  test('GCG writes one-tile digraphs as letters and two tiles split with |, and reads back to the same board', async () => {
    const res = await t.http.get(`/games/${digraphGame}/replay.gcg`).expect(200);
    // LJ as one joker tile (lower case), IN|J as two tiles: the record says which.
    expect(res.text).toMatch(/ 9E ljUBAV \+8 8$/m);
    expect(res.text).toMatch(/ H1 IN\|JEKCIJ\. \+14 14$/m);
    const parsed = parseGcg(res.text);
    if (!parsed.ok) throw new Error(parsed.errors[0].message);
    const back = gcgToScoresheet(parsed.game);
    if (!back.ok) throw new Error(back.errors[0].message);
    const page = await t.http.get(`/games/${digraphGame}/replay?turn=4`).expect(200);
    expect(svgTiles(page.text)).toEqual(rowTiles(verifyScoresheet(back.value.sheet).board));
  });
});
