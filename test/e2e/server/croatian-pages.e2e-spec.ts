import { decode, mainText, seedSite, Site } from '../../browser/site';
import { describeWithPoppler, pdfText } from '../../render/poppler';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { binary } from '../tournament-helpers';

/**
 * Croatian pages and PDFs over HTTP (issue 37): `?lang=hr` (or `hr-HR`, `hrvatski`) gives
 * pages marked `lang="hr"` in Croatian words, ijekavian, not the Serbian Latin ones.
 */
describe(`Croatian pages (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let site: Site;

  beforeAll(async () => {
    t = await startTestApp();
    site = await seedSite(t);
  });
  afterAll(async () => {
    await t.close();
  });

  test('the tournament list is in Croatian, and the choice is kept in the cookie', async () => {
    const res = await t.http.get('/?lang=hr').expect(200);
    expect(res.text).toContain('<html lang="hr">');
    expect(res.text).toContain('<a class="skip" href="#main">Prijeđi na sadržaj stranice</a>');
    expect(res.text).toContain('<nav aria-label="Glavni izbornik">');
    // The language switch names it in its own words, marked as the current one.
    expect(decode(res.text)).toMatch(
      /<a href="\/\?lang=hr" hreflang="hr" lang="hr" aria-current="true">Hrvatski<\/a>/,
    );
    const text = mainText(res.text);
    expect(text).toContain('Turniri');
    expect(text).toContain('Kup Čačka 2026');
    expect(text).toContain('6 igrača');
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join(';');
    expect(cookie).toContain('arbiter_lang=hr');
    const again = await t.http.get('/').set('Cookie', 'arbiter_lang=hr').expect(200);
    expect(again.text).toContain('<html lang="hr">');
  });

  test('the standings speak Croatian, ijekavian: mjesto, bodovi, nositelj', async () => {
    for (const lang of ['hr', 'hr-HR', 'hrvatski']) {
      const res = await t.http
        .get(`/divisions/${site.divisionId}/standings?lang=${lang}`)
        .expect(200);
      expect([lang, res.text.includes('<html lang="hr">')]).toEqual([lang, true]);
      const text = mainText(res.text);
      for (const word of ['Poredak', 'Mjesto', 'Bodovi', 'Razlika', 'Nositelj'])
        expect([lang, word, text.includes(word)]).toEqual([lang, word, true]);
      // The Serbian Latin words are not there.
      for (const word of ['Mesto', 'Nosilac', 'Poeni'])
        expect([lang, word, text.includes(word)]).toEqual([lang, word, false]);
      // Names are data: the same in every language.
      expect(text).toContain('Ana Petrović');
    }
  });

  test('the pairings and a game in Croatian: stol, sudac, vrijeme', async () => {
    const pairings = mainText(
      (await t.http.get(`/divisions/${site.divisionId}/pairings?lang=hr`).expect(200)).text,
    );
    expect(pairings).toContain('Stol');
    expect(pairings).not.toMatch(/\bSto\b/);
    const game = mainText((await t.http.get(`/games/${site.typedGame}?lang=hr`).expect(200)).text);
    expect(game).toContain('412 : 380');
    expect(game).toContain('Za ovu partiju nije unesen zapisnik');
  });

  describeWithPoppler('PDFs (pdftotext)', () => {
    test('the pairings PDF of a Croatian page is in Croatian', async () => {
      const res = await t.http
        .get(`/divisions/${site.divisionId}/rounds/1/pairings.pdf?lang=hr`)
        .buffer(true)
        .parse(binary as never)
        .expect(200)
        .expect('Content-Type', 'application/pdf');
      const text = pdfText(res.body as Buffer);
      expect(text).toContain('Parovi, 1. kolo');
      expect(text).toContain('Stol');
      expect(text).toMatch(/Stranica 1 od \d/);
      expect(text).not.toMatch(/Strana \d/);
      // The letters of Croatian print as themselves.
      expect(text).toContain('Ana Petrović');
      expect(text).toContain('Upareno prema redoslijedu nositelja');
      expect(text).toContain('Parovi, 1. kolo — Igrači po abecedi');
    });
  });
});
