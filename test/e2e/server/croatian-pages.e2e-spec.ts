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

  test('a browser whose first language is Croatian gets Croatian; the cookie and ?lang= come first', async () => {
    const standings = `/divisions/${site.divisionId}/standings`;
    const croatian = 'hr-HR,hr;q=0.9,en-US;q=0.8,en;q=0.7';
    for (const path of ['/', standings]) {
      const res = await t.http.get(path).set('Accept-Language', croatian).expect(200);
      expect([path, res.text.includes('<html lang="hr">')]).toEqual([path, true]);
      expect(res.headers.vary).toContain('Accept-Language');
      // Nothing is stored: the next visit asks its browser again.
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // A kept page (a second visit takes the fast way) is the browser's language too.
    const kept = await t.http.get(standings).set('Accept-Language', croatian).expect(200);
    expect(kept.text).toContain('<html lang="hr">');
    expect(mainText(kept.text)).toContain('Mjesto');
    const serbian = await t.http.get(standings).expect(200);
    expect(serbian.text).toContain('<html lang="sr-Latn">');
    // Another first language keeps the default, even with Croatian further down.
    const english = await t.http
      .get(standings)
      .set('Accept-Language', 'en-US,en;q=0.9,hr;q=0.8')
      .expect(200);
    expect(english.text).toContain('<html lang="sr-Latn">');
    const cyrillic = await t.http
      .get(standings)
      .set('Accept-Language', croatian)
      .set('Cookie', 'arbiter_lang=sr-Cyrl')
      .expect(200);
    expect(cyrillic.text).toContain('<html lang="sr-Cyrl">');
    const chosen = await t.http.get('/?lang=en').set('Accept-Language', croatian).expect(200);
    expect(chosen.text).toContain('<html lang="en">');
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
