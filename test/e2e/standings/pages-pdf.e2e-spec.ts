import type { Response } from 'supertest';
import { NAMES, seedSite, Site } from '../../browser/site';
import { describeWithPoppler, pdfPages, pdfText, renderPage } from '../../render/poppler';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { binary, GameJson, readVersion } from '../tournament-helpers';

describe(`PDF endpoints (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let site: Site;
  let sheetGame: GameJson;

  beforeAll(async () => {
    t = await startTestApp();
    site = await seedSite(t);
    sheetGame = (await t.http.get(`/api/games/${site.sheetGame}`).expect(200)).body as GameJson;
  });
  afterAll(async () => {
    await t.close();
  });

  const pdf = async (path: string): Promise<{ body: Buffer; res: Response }> => {
    const res = await t.http
      .get(path)
      .buffer(true)
      .parse(binary as never)
      .expect(200)
      .expect('Content-Type', 'application/pdf');
    const body = res.body as Buffer;
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    return { body, res };
  };

  test('each document has a sensible file name and is a PDF', async () => {
    const d = site.divisionId;
    const cases: [string, RegExp][] = [
      [`/divisions/${d}/standings.pdf`, /^standings-kup-cacka-2026-prva-liga-round-1\.pdf$/],
      [`/divisions/${d}/rounds/1/pairings.pdf`, /^pairings-kup-cacka-2026-prva-liga-round-1\.pdf$/],
      [
        `/divisions/${d}/rounds/1/sheets.pdf`,
        /^scoresheets-kup-cacka-2026-prva-liga-round-1\.pdf$/,
      ],
      [`/games/${site.sheetGame}/record.pdf`, /^game-kup-cacka-2026-round-1-table-\d+\.pdf$/],
    ];
    for (const [path, name] of cases) {
      const { res } = await pdf(path);
      const disposition: string = res.headers['content-disposition'];
      expect(disposition).toMatch(/^inline; filename="/);
      expect(/filename="([^"]+)"/.exec(disposition)![1]).toMatch(name);
    }
  });

  test('a game without a sheet, or a round not paired, is a 404 page', async () => {
    const res = await t.http.get(`/games/${site.typedGame}/record.pdf`).expect(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    // Not "no such page": the game is there, its result typed without a sheet.
    expect(res.text).toContain('Ova partija nema zapisnik, pa nema ni zapisa partije za štampu.');
    const english = await t.http.get(`/games/${site.typedGame}/record.pdf?lang=en`).expect(404);
    expect(english.text).toContain('This game has no score sheet');
    await t.http.get(`/divisions/${site.divisionId}/rounds/3/pairings.pdf`).expect(404);
    await t.http.get(`/divisions/${site.divisionId}/rounds/x/sheets.pdf`).expect(400);
  });

  describeWithPoppler('text and pictures (pdftotext, pdftoppm)', () => {
    test('standings and cross-table: every name with its diacritics, the scores', async () => {
      const { body } = await pdf(`/divisions/${site.divisionId}/standings.pdf`);
      const text = pdfText(body);
      for (const name of NAMES) expect(text).toContain(name);
      expect(text).toContain('Kup Čačka 2026');
      expect(text).toContain('Poredak');
      expect(text).toContain('412:380');
      expect(renderPage(body, 1).inked).toBeGreaterThan(0.01);
    });

    test('pairings: tables, names and the typed result', async () => {
      const { body } = await pdf(`/divisions/${site.divisionId}/rounds/1/pairings.pdf`);
      const text = pdfText(body);
      for (const g of site.round.games) {
        expect(text).toContain(g.first.name);
        if (g.second) expect(text).toContain(g.second.name);
      }
      expect(text).toMatch(/412\s*[:–-]\s*380/);
      expect(renderPage(body, 1).inked).toBeGreaterThan(0.01);
    });

    test('blank score sheets: one page per game, names filled in', async () => {
      const { body } = await pdf(`/divisions/${site.divisionId}/rounds/1/sheets.pdf`);
      const pages = pdfPages(body);
      const games = site.round.games.filter((g) => g.second !== null);
      expect(pages).toHaveLength(games.length);
      games.forEach((g, i) => {
        expect(pages[i]).toContain(g.first.name);
        expect(pages[i]).toContain(g.second!.name);
      });
      expect(renderPage(body, 1).inked).toBeGreaterThan(0.01);
    });

    test('a verified game record in Cyrillic: the names stay as written, the board is drawn', async () => {
      const { body } = await pdf(`/games/${site.sheetGame}/record.pdf?lang=sr-Cyrl`);
      const text = pdfText(body);
      expect(text).toContain(sheetGame.first.name);
      expect(text).toContain(sheetGame.second!.name);
      expect(text).toContain('Проверени записник');
      const scores = sheetGame.result!.scores!;
      expect(text).toContain(String(scores[0]));
      expect(text).toContain(String(scores[1]));
      expect(renderPage(body, 1).inked).toBeGreaterThan(0.03);
    });

    test('a game record is made once and kept until its heading or its game changes', async () => {
      const path = `/games/${site.sheetGame}/record.pdf?lang=en`;
      const first = await pdf(path);
      const again = await pdf(path);
      expect(again.body.equals(first.body)).toBe(true);
      const tag = String(first.res.headers.etag);
      expect(again.res.headers.etag).toBe(tag);
      await t.http.get(path).set('If-None-Match', tag).expect(304);

      const rename = async (name: string) =>
        t.http
          .patch(`/api/divisions/${site.divisionId}`)
          .set(t.organiser)
          .set(await readVersion(t, `/api/divisions/${site.divisionId}`))
          .send({ name })
          .expect(200);
      const { body: division } = await t.http.get(`/api/divisions/${site.divisionId}`).expect(200);
      await rename('Renamed for the record');
      try {
        const renamed = await pdf(path);
        expect(renamed.res.headers.etag).not.toBe(tag);
        expect(pdfText(renamed.body)).toContain('Renamed for the record');
        await t.http.get(path).set('If-None-Match', tag).expect(200);
      } finally {
        await rename(division.name);
      }
      // The sheet taken away, the record goes with it.
      await t.http
        .delete(`/api/games/${site.sheetGame}/scoresheet`)
        .set(t.organiser)
        .set(await readVersion(t, `/api/games/${site.sheetGame}`))
        .expect(200);
      await t.http.get(path).expect(404);
    });
  });
});
