import {
  adminCookie,
  decode,
  inputValue,
  mainText,
  makeAccount,
  NAMES,
  seedSite,
  signInCookie,
  Site,
  textarea,
} from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { formFields } from '../sheet-form-helpers';
import { GameJson, scoreSheet, StandingsJson } from '../tournament-helpers';

/**
 * The pages over HTTP (no browser): what they show, the language switch,
 * signing in, and every form's error path — a 4xx with the message on the
 * page next to its field, the input kept, never a stack trace.
 */
describe(`pages and forms (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let site: Site;
  let judge: string;
  let organiser: string;

  beforeAll(async () => {
    t = await startTestApp();
    site = await seedSite(t);
    judge = await signInCookie(t, 'judge', [site.tournamentId]);
    organiser = await adminCookie(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (path: string, cookie?: string) => {
    const req = t.http.get(path);
    return cookie ? req.set('Cookie', cookie) : req;
  };
  /** A form post from a page of this site. */
  const post = (path: string, form: Record<string, string>, cookie?: string) => {
    const req = t.http.post(path).set('Origin', t.url).type('form');
    return (cookie ? req.set('Cookie', cookie) : req).send(form);
  };
  /** A form post of already-encoded fields (rows repeat their field names, as a browser sends them). */
  const postForm = (path: string, body: string, cookie = judge) =>
    t.http.post(path).set('Origin', t.url).type('form').set('Cookie', cookie).send(body);
  /** The draft version the sheet page of a game was built from. */
  const draftOf = async (id: number) =>
    inputValue(
      (await get(`/judge/games/${id}/scoresheet`, judge).expect(200)).text,
      'draft-version',
    );
  const game = async (id: number) =>
    (await t.http.get(`/api/games/${id}`).expect(200)).body as GameJson;

  describe('public pages', () => {
    test('the skip link says where it goes, in each language; the menu keeps its name (issue 36)', async () => {
      const said = {
        'sr-Latn': ['Pređi na sadržaj stranice', 'Glavni meni'],
        'sr-Cyrl': ['Пређи на садржај странице', 'Главни мени'],
        hr: ['Prijeđi na sadržaj stranice', 'Glavni izbornik'],
        en: ['Skip to the page content', 'Main menu'],
      };
      for (const [lang, [skip, menu]] of Object.entries(said)) {
        for (const path of ['/', `/divisions/${site.divisionId}/standings`]) {
          const html = (await get(`${path}?lang=${lang}`).expect(200)).text;
          expect(html).toContain(`<a class="skip" href="#main">${skip}</a>`);
          expect(html).toContain(`<nav aria-label="${menu}">`);
          expect(html).toContain('<main id="main">');
        }
      }
    });

    test('the tournament list links each division', async () => {
      const res = await get('/')
        .expect(200)
        .expect('Content-Type', /text\/html/);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      const text = mainText(res.text);
      expect(text).toContain('Kup Čačka 2026');
      expect(text).toContain('Prva liga');
      expect(res.text).toContain(`href="/divisions/${site.divisionId}/standings"`);
      expect(res.text).not.toMatch(/<script/i);
    });

    test('standings, pairings and cross-table show names, scores and diacritics', async () => {
      const standings = mainText(
        (await get(`/divisions/${site.divisionId}/standings`).expect(200)).text,
      );
      for (const name of NAMES) expect(standings).toContain(name);
      expect(standings).toContain('posle 1. kola');
      const pairings = mainText(
        (await get(`/divisions/${site.divisionId}/pairings`).expect(200)).text,
      );
      expect(pairings).toContain('412 : 380');
      expect(pairings).toContain('čeka se rezultat');
      const cross = (await get(`/divisions/${site.divisionId}/crosstable`).expect(200)).text;
      expect(mainText(cross)).toMatch(/412:380/);
    });

    test('a player page lists the games; a game page draws the board and the turns', async () => {
      const g = await game(site.sheetGame);
      const player = mainText((await get(`/players/${g.first.id}`).expect(200)).text);
      expect(player).toContain(g.first.name);
      expect(player).toContain(g.second!.name);
      const page = (await get(`/games/${site.sheetGame}`).expect(200)).text;
      expect(page).toMatch(/<svg[^>]*class="board"/);
      expect(page).toContain('id="turn-1"');
      expect(page).toContain(`href="/games/${site.sheetGame}/record.pdf"`);
      const typed = mainText((await get(`/games/${site.typedGame}`).expect(200)).text);
      expect(typed).toContain('412 : 380');
      expect(typed).toContain('nije unet zapisnik');
    });

    test('?lang= switches the language and keeps it in a cookie', async () => {
      const res = await get(`/divisions/${site.divisionId}/standings?lang=sr-Cyrl`).expect(200);
      expect(res.text).toContain('<html lang="sr-Cyrl">');
      expect(mainText(res.text)).toContain('Поредак');
      const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join(';');
      expect(cookie).toContain('arbiter_lang=sr-Cyrl');
      const again = await get('/', 'arbiter_lang=sr-Cyrl').expect(200);
      expect(mainText(again.text)).toContain('Групе');
      const english = await get('/?lang=en', 'arbiter_lang=sr-Cyrl').expect(200);
      expect(mainText(english.text)).toContain('Divisions');
      // A stray query neither reaches the language links nor makes a page of its own.
      const stray = await get(`/divisions/${site.divisionId}/standings?utm=x`).expect(200);
      expect(decode(stray.text)).toContain(
        `href="/divisions/${site.divisionId}/standings?lang=sr-Cyrl"`,
      );
      // Names are data: never transliterated.
      expect(mainText(res.text)).toContain('Ana Petrović');
    });

    test('a missing page is a 404 page, a bad id a 400 page, with no stack trace', async () => {
      const missing = await get('/divisions/99999/standings').expect(404);
      expect(missing.headers['content-type']).toMatch(/text\/html/);
      expect(mainText(missing.text)).toContain('404');
      expect(missing.text).not.toMatch(/at \w+ \(|\.ts:\d+|Error:/);
      const bad = await get('/games/abc').expect(400);
      expect(bad.text).not.toMatch(/at \w+ \(|\.ts:\d+/);
      await get(`/divisions/${site.divisionId}/standings?round=x`).expect(400);
      await get(`/divisions/${site.divisionId}/pairings?round=9`).expect(404);
    });
  });

  describe('signing in, and cross-site posts', () => {
    test('a wrong password is a 401 with the message on the form, the name kept', async () => {
      const res = await post('/sign-in', {
        username: 'nobody@example.org',
        password: 'wrong',
      }).expect(401);
      expect(mainText(res.text)).toContain('Pogrešna adresa e-pošte ili lozinka.');
      expect(res.text).toContain('value="nobody@example.org"');
    });

    test('judge pages send the browser to sign in, and back afterwards', async () => {
      const res = await get(`/judge/games/${site.pendingGame}/scoresheet`).expect(303);
      expect(res.headers.location).toBe(
        `/sign-in?next=${encodeURIComponent(`/judge/games/${site.pendingGame}/scoresheet`)}`,
      );
      const form = await get(res.headers.location).expect(200);
      expect(form.text).toContain(
        `name="next" value="/judge/games/${site.pendingGame}/scoresheet"`,
      );
    });

    test('signing in goes back to `next`, never to another site', async () => {
      const { email, password } = await makeAccount(t, 'judge');
      const back = await post('/sign-in', {
        username: email,
        password,
        next: '/divisions/1/standings',
      }).expect(303);
      expect(back.headers.location).toBe('/divisions/1/standings');
      const away = await post('/sign-in', {
        username: email,
        password,
        next: '//evil.example/x',
      }).expect(303);
      expect(away.headers.location).toBe('/judge');
    });

    test('a form posted from another site, or with no Origin, is refused with a 403 page', async () => {
      // Refused before its body is read, so worded by the site's filter: as a browser, it asks for HTML.
      const foreign = await t.http
        .post(`/judge/games/${site.pendingGame}/result`)
        .set('Cookie', judge)
        .set('Accept', 'text/html')
        .set('Origin', 'https://evil.example')
        .type('form')
        .send({
          scoreFirst: '1',
          scoreSecond: '0',
          remainingFirst: '01:00',
          remainingSecond: '01:00',
        })
        .expect(403);
      expect(mainText(foreign.text)).toContain('poslat sa drugog sajta');
      await t.http
        .post(`/judge/games/${site.pendingGame}/result`)
        .set('Cookie', judge)
        .type('form')
        .send({ scoreFirst: '1' })
        .expect(403);
      expect((await game(site.pendingGame)).status).toBe('pending');
    });

    test('a judge may not open organiser pages; nobody signed out may post', async () => {
      const res = await get('/organiser', judge).expect(403);
      expect(mainText(res.text)).toContain('Vaš nalog nema pravo na ovo.');
      await post(`/judge/games/${site.pendingGame}/result`, { scoreFirst: '1' }).expect(401);
    });

    test('signing out ends the session', async () => {
      const cookie = await signInCookie(t, 'judge', [site.tournamentId]);
      await get('/judge', cookie).expect(200);
      await post('/sign-out', {}, cookie).expect(303);
      await get('/judge', cookie).expect(303);
    });
  });

  describe('judge forms', () => {
    test('result form: bad fields are a 400 with each message by its field, values kept', async () => {
      const res = await post(
        `/judge/games/${site.pendingGame}/result`,
        { scoreFirst: 'abc', scoreSecond: '380', remainingFirst: '3:24x', remainingSecond: '' },
        judge,
      ).expect(400);
      expect(res.text).toContain('id="e-scoreFirst"');
      expect(res.text).toContain('id="e-remainingFirst"');
      expect(res.text).toContain('id="e-remainingSecond"');
      expect(decode(res.text)).toContain('value="3:24x"');
      expect(mainText(res.text)).toContain('Upišite ceo broj od -1000 do 5000.');
      expect((await game(site.pendingGame)).status).toBe('pending');
    });

    test('result form: two expired clocks need a time loss; a stale version is refused', async () => {
      const res = await post(
        `/judge/games/${site.pendingGame}/result`,
        {
          scoreFirst: '300',
          scoreSecond: '280',
          remainingFirst: '00:00',
          remainingSecond: '-00:10',
          timeLoss: 'none',
        },
        judge,
      ).expect(422);
      expect(res.text).toContain('Nejasno je kome je isteklo vreme');
      const stale = await post(
        `/judge/games/${site.typedGame}/result`,
        {
          scoreFirst: '400',
          scoreSecond: '380',
          remainingFirst: '03:24',
          remainingSecond: '01:10',
          version: '0',
        },
        judge,
      ).expect(409);
      expect(mainText(stale.text)).toContain('Neko je u međuvremenu promenio rezultat');
    });

    test("result form: a remaining time above the division's clock is refused by its field, nothing saved", async () => {
      const res = await post(
        `/judge/games/${site.pendingGame}/result`,
        {
          scoreFirst: '412',
          scoreSecond: '365',
          remainingFirst: '03:24',
          remainingSecond: '45:00',
          timeLoss: 'none',
        },
        judge,
      ).expect(422);
      expect(res.text).toContain('id="e-remainingSecond"');
      expect(mainText(res.text)).toContain(
        'Preostalo vreme 45:00 je više od 30:00, koliko svaki igrač ima na početku partije: proverite sat.',
      );
      expect(decode(res.text)).toContain('value="45:00"');
      expect((await game(site.pendingGame)).status).toBe('pending');
    });

    test('result form: a correction with the version read is saved', async () => {
      const before = await game(site.typedGame);
      const form = (await get(`/judge/games/${site.typedGame}/result`, judge).expect(200)).text;
      expect(form).toContain(`name="version" value="${before.version}"`);
      expect(form).toContain('value="412"');
      // A correction says what is recorded now, in words.
      expect(mainText(form)).toContain(`Upisano: 412 : 380, pobeda: ${before.first.name}.`);
      const res = await post(
        `/judge/games/${site.typedGame}/result`,
        {
          scoreFirst: '415',
          scoreSecond: '380',
          // Clocks typed as the sheet form takes them.
          remainingFirst: '3.24',
          remainingSecond: '110',
          timeLoss: 'none',
          version: String(before.version),
        },
        judge,
      ).expect(303);
      expect(res.headers.location).toBe(`/judge/games/${site.typedGame}/result?done=saved`);
      expect((await game(site.typedGame)).result).toMatchObject({
        scores: [415, 380],
        remaining: ['03:24', '01:10'],
      });
      const after = (await get(res.headers.location, judge).expect(200)).text;
      // What was recorded is said with it, so that the judge need not open the game's page.
      expect(mainText(after)).toContain(
        `Sačuvano. Upisano: 415 : 380, pobeda: ${before.first.name}.`,
      );
      // Said once: with the flash, not again beside the form.
      expect(mainText(after).split('Upisano:')).toHaveLength(2);
    });

    test('result form: a time loss the clocks gave goes with a corrected clock; one named stays named', async () => {
      const save = async (fields: Record<string, string>) => {
        const { version } = await game(site.typedGame);
        const saved = await post(
          `/judge/games/${site.typedGame}/result`,
          { scoreFirst: '415', scoreSecond: '380', ...fields, version: String(version) },
          judge,
        ).expect(303);
        return (await get(saved.headers.location, judge).expect(200)).text;
      };
      const chosen = (form: string) => /name="timeLoss" value="(\w+)" checked/.exec(form)?.[1];
      // 00:00 typed for the second player's 10:00: the clock alone gives the time loss.
      let form = await save({
        remainingFirst: '03:24',
        remainingSecond: '00:00',
        timeLoss: 'none',
      });
      expect((await game(site.typedGame)).result).toMatchObject({ timeLoss: 1, winner: 'first' });
      expect(chosen(form)).toBe('none');
      expect(mainText(form)).toContain('na vreme: protivniku je isteklo vreme.');
      expect(mainText(form)).toContain('Sat na 00:00 ili manje sam pokazuje');
      // The clock corrected, the form's choice left as it came: no time loss is left behind.
      form = await save({ remainingFirst: '03:24', remainingSecond: '10:00', timeLoss: 'none' });
      expect((await game(site.typedGame)).result).toMatchObject({ timeLoss: null });
      expect(chosen(form)).toBe('none');
      // A time loss the paper names with time on the clock is the form's choice again.
      form = await save({ remainingFirst: '03:24', remainingSecond: '00:40', timeLoss: 'second' });
      expect((await game(site.typedGame)).result).toMatchObject({ timeLoss: 1, winner: 'first' });
      expect(chosen(form)).toBe('second');
    });

    test('score sheet: a new sheet is empty rows for the whole game, players alternating from the pairing', async () => {
      const g = await game(site.pendingGame);
      const page = (await get(`/judge/games/${g.id}/scoresheet`, judge).expect(200)).text;
      expect(page.match(/<tr class="sheet-row"/g)).toHaveLength(20); // 2 players x 10 turns
      expect(inputValue(page, 'c-0-player')).toBe('0');
      expect(inputValue(page, 'c-1-player')).toBe('1');
      expect(inputValue(page, 'c-19-player')).toBe('1');
      expect(mainText(page)).toContain('Pozicija');
      expect(page).toContain(`<option value="1">${g.second!.name}</option>`);
      expect(decode(page)).toMatch(
        /<script src="\/assets\/sheet-form\.js\?v=[0-9a-f]{12}" defer><\/script>/,
      );
      expect(decode(page)).toContain('"draftUrl":');
    });

    test('score sheet: an import with a JSON slip names its line and keeps the text', async () => {
      const g = await game(site.pendingGame);
      const { sheet } = scoreSheet([g.first.name, g.second!.name], 5);
      const text = JSON.stringify(sheet, null, 2).replace('"turns": [', '"turns": [,');
      const line = text.split('\n').findIndex((l) => l.includes('"turns": [,')) + 1;
      const res = await post(
        `/judge/games/${g.id}/scoresheet?v=${g.version}`,
        { import: text, intent: 'import' },
        judge,
      ).expect(422);
      expect(mainText(res.text)).toContain(`(red ${line})`);
      expect(mainText(res.text)).toContain('očekuje se vrednost');
      expect(textarea(res.text, 'import')).toBe(text);
      expect((await game(g.id)).status).toBe('pending');
    });

    test('score sheet: an import with a byte order mark is read; a text neither JSON nor GCG says so', async () => {
      const g = await game(site.pendingGame);
      const { sheet } = scoreSheet([g.first.name, g.second!.name], 5);
      const marked = await post(
        `/judge/games/${g.id}/scoresheet`,
        {
          import: `\ufeff${JSON.stringify(sheet, null, 2)}`,
          intent: 'import',
          draftVersion: await draftOf(g.id),
        },
        judge,
      ).expect(200);
      expect(inputValue(marked.text, 'c-0-position')).toBe(sheet.turns[0].play!.split(' ')[0]);
      const prose = await post(
        `/judge/games/${g.id}/scoresheet`,
        { import: '\n  hello world', intent: 'import' },
        judge,
      ).expect(422);
      expect(mainText(prose.text)).toContain(
        '(red 2): to nije zapisnik: JSON počinje vitičastom zagradom {, a GCG znakom #',
      );
    });

    test('score sheet: a GCG import with a bad line names it', async () => {
      const g = await game(site.pendingGame);
      const gcg = `#player1 A ${g.first.name}\n#player2 B ${g.second!.name}\n>A: KUCA 8H KUCA +10 10\n>B: \n`;
      const res = await post(
        `/judge/games/${g.id}/scoresheet`,
        { import: gcg, intent: 'import' },
        judge,
      ).expect(422);
      expect(mainText(res.text)).toContain('(red 4)');
      expect(mainText(res.text)).toContain('GCG: posle nadimka nema poteza');
      expect(textarea(res.text, 'import')).toBe(gcg);
    });

    test("score sheet: a GCG record that starts '#' and '# Title' is read, not a crash; a (time) line of a Kvizovka game is refused on its line, on the page and through the API", async () => {
      const g = await game(site.pendingGame);
      const players = `#player1 A ${g.first.name}\n#player2 B ${g.second!.name}\n`;
      // A bare '#' and a '# Title' line were 'm is not iterable' (a 500): they are comments.
      const titled = `#\n# Kup Čačka, 1. kolo\n${players}>A: KUĆAMNO 9F KUĆA +8 8\n`;
      const read = await post(
        `/judge/games/${g.id}/scoresheet`,
        { import: titled, intent: 'import', draftVersion: await draftOf(g.id) },
        judge,
      ).expect(200);
      expect(inputValue(read.text, 'c-0-position')).toBe('9F');
      // Points off for time are Scrabble's rule: in Kvizovka the line is refused, by its number.
      const timed = `${titled}>B:  (time) -10 -10\n`;
      const refused = await post(
        `/judge/games/${g.id}/scoresheet`,
        { import: timed, intent: 'import' },
        judge,
      ).expect(422);
      expect(mainText(refused.text)).toContain('(red 6)');
      expect(mainText(refused.text)).toContain(
        'GCG: kazna u poenima za prekoračenje vremena ((time)) nije pravilo igre Kvizovka',
      );
      const english = await post(
        `/judge/games/${g.id}/scoresheet`,
        { import: timed, intent: 'import' },
        `${judge}; arbiter_lang=en`,
      ).expect(422);
      expect(mainText(english.text)).toContain('(line 6)');
      expect(mainText(english.text)).toContain(
        'GCG: points off for going over time ((time)) are not a rule of Kvizovka',
      );
      // The API reads a stored GCG text the same way: a tournament document whose sheet is this
      // record is refused with the line, not a 500.
      const exported = (
        await t.http
          .get(`/api/tournaments/${site.tournamentId}/export`)
          .set(t.organiser)
          .expect(200)
      ).body as { divisions: { rounds: { games: { scoresheet: { text: string } | null }[] }[] }[] };
      const sheetGame = exported.divisions[0].rounds
        .flatMap((r) => r.games)
        .find((x) => x.scoresheet !== null)!;
      sheetGame.scoresheet!.text = timed;
      const api = await t.http
        .post('/api/tournaments/import')
        .set(t.organiser)
        .send(exported)
        .expect(422);
      expect(JSON.stringify(api.body)).toContain(
        'is a GCG record that cannot be read (line 6: (time): points off for going over time are not a rule of Kvizovka)',
      );
    });

    test("API: a GCG record that starts with a bare '#' and a '# Title' line is read and verified (it was 'm is not iterable'), not only refused for another reason", async () => {
      type Doc = {
        divisions: {
          players: { ref: number; name: string }[];
          rounds: {
            games: {
              first: number;
              second: number | null;
              winner: string | null;
              scores: [number, number] | null;
              remaining: [number, number] | null;
              timeLoss: number | null;
              scoresheet: { text: string; report: unknown; ok: boolean | null } | null;
            }[];
          }[];
        }[];
      };
      const exported = (
        await t.http
          .get(`/api/tournaments/${site.tournamentId}/export`)
          .set(t.organiser)
          .expect(200)
      ).body as Doc;
      const [division] = exported.divisions;
      const name = (ref: number | null) => division.players.find((p) => p.ref === ref)!.name;
      const sheetGame = division.rounds.flatMap((r) => r.games).find((x) => x.scoresheet !== null)!;
      // A whole Kvizovka game in GCG, a comment line and a title line first:
      // 9F KUĆA: K 2 + U 2 + Ć 3 + A 1 = 8 (F9 to I9 plain); G7 KR.ŠKA, KRUŠKA: K 2 × 2 (G7) +
      // R 1 + U 2 + Š 3 + K 2 × 2 (G11) + A 1 = 15; the racks at the agreed end: AT 1 + 1 = 2,
      // 8 − 2 = 6; a joker and S, 10 + 1 = 11, 15 − 11 = 4.
      const titled = [
        '#',
        '# Kup Čačka, 1. kolo',
        `#player1 A ${name(sheetGame.first)}`,
        `#player2 B ${name(sheetGame.second)}`,
        '>A: KUĆAMNO 9F KUĆA +8 8',
        '>B: KRŠKAIJ G7 KR.ŠKA +15 15',
        '>A: AT (AT) -2 6',
        '>B: ?S (?S) -11 4',
        '#arbiter-end agreed',
        '',
      ].join('\n');
      // The game's result is the record's: 6 : 4, the first player wins, no clock written (30:00).
      Object.assign(sheetGame, {
        winner: 'first',
        scores: [6, 4],
        remaining: [1800, 1800],
        timeLoss: null,
        scoresheet: { text: titled, report: null, ok: null },
      });
      const imported = (
        await t.http.post('/api/tournaments/import').set(t.organiser).send(exported).expect(201)
      ).body as { id: number };
      const again = (
        await t.http.get(`/api/tournaments/${imported.id}/export`).set(t.organiser).expect(200)
      ).body as Doc;
      const stored = again.divisions[0].rounds
        .flatMap((r) => r.games)
        .find((x) => x.scoresheet?.text.startsWith('#\n# Kup Čačka'))!;
      expect(stored.scoresheet!.text).toBe(titled);
      expect(stored.scoresheet!.ok).toBe(true);
      expect(stored.scoresheet!.report).toMatchObject({
        ok: true,
        rules: 'kvizovka',
        players: [
          { moves: 8, rackPenalty: 2, final: 6, claimedFinal: 6 },
          { moves: 15, rackPenalty: 11, final: 4, claimedFinal: 4 },
        ],
        issues: [],
      });
      expect(stored).toMatchObject({ winner: 'first', scores: [6, 4] });
    });

    test("score sheet: an import's mistakes of structure are said in the page's language, with the turn", async () => {
      const g = await game(site.pendingGame);
      const { sheet } = scoreSheet([g.first.name, g.second!.name], 5);
      const doc = JSON.parse(JSON.stringify(sheet)) as Record<string, unknown> & {
        turns: Record<string, unknown>[];
      };
      doc.turns[2].score = 'dvanaest';
      doc.turns[4].note = 'x';
      // Turn 2 is the second player's: a challenge of it by that player, ruled "yes".
      doc.turns[1].challenge = { by: 1, valid: 'yes' };
      (doc.end as Record<string, unknown>).reason = 'umor';
      const again = await post(
        `/judge/games/${g.id}/scoresheet`,
        { import: JSON.stringify(doc, null, 2), intent: 'import' },
        judge,
      ).expect(422);
      const said = mainText(again.text);
      // Each with its line in the pasted text, its turn and its field as the sheet writes it:
      // not the engine's path (`turns[2].score`).
      const text = JSON.stringify(doc, null, 2).split('\n');
      const lineOf = (needle: string, from = 0) =>
        text.findIndex((l, i) => i >= from && l.includes(needle)) + 1;
      const turnAt = (n: number) => text.findIndex((l) => l.includes(`"player"`) && n-- === 0);
      expect(said).toContain(
        `Red ${lineOf('"dvanaest"')}, 3. potez, polje „score”: mora biti ceo broj`,
      );
      expect(said).toContain(
        `Red ${lineOf('"note"')}, 5. potez, polje „note”: nepoznato polje „note”`,
      );
      expect(said).toContain(
        `Red ${lineOf('"by"', turnAt(1))}, 2. potez, polje „challenge.by”: igrač ne može uložiti prigovor na svoj potez`,
      );
      expect(said).toContain(
        `Red ${lineOf('"valid"', turnAt(1))}, 2. potez, polje „challenge.valid”: presuda je true`,
      );
      expect(said).toContain(
        `Red ${lineOf('"umor"')}, polje „end.reason”: kraj partije mora biti jedno od: turns,`,
      );
      expect(said).not.toMatch(/must be|unknown field|cannot|ruled|turns\[|polje turns/);
      // Several mistakes: the first at the top with how many there are, all of them listed by
      // the import, one an item.
      const top = /<p class="notice bad" role="alert" id="import-error-top">([\s\S]*?)<\/p>/.exec(
        again.text,
      )![1];
      expect(top).toContain('(grešaka ukupno: 5; spisak je ispod)');
      const listed = /<div class="notice bad" id="import-error">([\s\S]*?)<\/div>/.exec(
        again.text,
      )![1];
      expect(listed).toContain('<p>Zapisnik ne može da se pročita:</p>');
      expect(listed.match(/<li>/g)).toHaveLength(5);
      expect(listed).toMatch(/<li>Red \d+, 5\. potez, polje „note”: nepoznato polje/);
      const english = await post(
        `/judge/games/${g.id}/scoresheet`,
        { import: JSON.stringify(doc, null, 2), intent: 'import' },
        `${judge}; arbiter_lang=en`,
      ).expect(422);
      expect(mainText(english.text)).toContain(
        `Line ${lineOf('"dvanaest"')}, turn 3, field “score”: must be a whole number`,
      );
      // A GCG record whose line names no player of the game says so with the names.
      const gcg = `#player1 A ${g.first.name}\n#player2 B ${g.second!.name}\n>C: KUCA 8H KUCA +10 10\n`;
      const other = await post(
        `/judge/games/${g.id}/scoresheet`,
        { import: gcg, intent: 'import' },
        judge,
      ).expect(422);
      expect(mainText(other.text)).toContain('(red 3): GCG: „C” nije igrač ove partije (A, B)');
    });

    test('score sheet: an import whose players are listed the other way round fills each row for the right player', async () => {
      const g = await game(site.pendingGame);
      const { sheet } = scoreSheet([g.second!.name, g.first.name], 5);
      const res = await post(
        `/judge/games/${g.id}/scoresheet`,
        { import: JSON.stringify(sheet), intent: 'import', draftVersion: await draftOf(g.id) },
        judge,
      ).expect(200);
      // The sheet's first mover is the game's second player: row 1 is theirs.
      expect(inputValue(res.text, 'c-0-player')).toBe('1');
      expect(inputValue(res.text, 'c-0-position')).toBe(sheet.turns[0].play!.split(' ')[0]);
      expect(inputValue(res.text, 'c-1-player')).toBe('0');
    });

    test("score sheet: an import naming other players than the game's fills the rows and says so, with the names", async () => {
      const g = await game(site.pendingGame);
      const { sheet } = scoreSheet(['Nina Vasić', g.second!.name], 5);
      const res = await post(
        `/judge/games/${g.id}/scoresheet`,
        { import: JSON.stringify(sheet), intent: 'import', draftVersion: await draftOf(g.id) },
        judge,
      ).expect(200);
      expect(inputValue(res.text, 'c-0-position')).toBe(sheet.turns[0].play!.split(' ')[0]);
      const notice = mainText(res.text);
      expect(notice).toContain(
        `Uvezeni zapisnik navodi Nina Vasić, a ovu partiju igraju ${g.first.name} – ${g.second!.name}.`,
      );
      expect(notice).toContain(
        `kao Nina Vasić → ${g.first.name}, ${g.second!.name} → ${g.second!.name}`,
      );
      // The game's own players, in either order, fill it in without a word.
      const own = scoreSheet([g.second!.name, g.first.name], 5).sheet;
      const quiet = await post(
        `/judge/games/${g.id}/scoresheet`,
        { import: JSON.stringify(own), intent: 'import', draftVersion: await draftOf(g.id) },
        judge,
      ).expect(200);
      expect(mainText(quiet.text)).not.toContain('Uvezeni zapisnik navodi');
    });

    test('score sheet: a wrong score is flagged on its cell; saving stores the rows as typed and the standings move', async () => {
      const g = await game(site.pendingGame);
      const players = [g.first.name, g.second!.name];
      const { sheet } = scoreSheet([g.first.name, g.second!.name], 21);
      const wrong = structuredClone(sheet);
      wrong.turns[2].score = (wrong.turns[2].score ?? 0) + 7;
      const check = await postForm(
        `/judge/games/${g.id}/scoresheet?v=${g.version}`,
        formFields(wrong, players, { intent: 'verify', draftVersion: await draftOf(g.id) }),
      ).expect(200);
      expect(check.text).toMatch(
        /<input type="text" name="score" id="c-2-score" value="\d+"[^>]* class="bad" aria-invalid="true" aria-describedby="msg-2"/,
      );
      expect(check.text).toContain('class="verdict bad"');
      expect(inputValue(check.text, 'c-2-score')).toBe(String(wrong.turns[2].score));
      expect((await game(g.id)).status).toBe('pending');

      const before = (await t.http.get(`/api/divisions/${site.divisionId}/standings`).expect(200))
        .body as StandingsJson;
      // Saved with the slip: the result is the rules', and the page says the sheet disagrees.
      const slipped = await postForm(
        `/judge/games/${g.id}/scoresheet?v=${g.version}`,
        formFields(wrong, players, { intent: 'save' }),
      ).expect(303);
      const warned = (await get(slipped.headers.location, judge).expect(200)).text;
      expect(warned).toContain('class="notice warn"');
      expect(mainText(warned)).toContain(
        'Zapisnik je sačuvan i rezultat upisan onako kako ga daju pravila, ali zapisnik se s pravilima ne slaže',
      );
      const current = await game(g.id);
      // Typed as a judge would: lower-case positions, clocks without a colon.
      const typed = formFields(sheet, players, { intent: 'save' }, (form) => {
        form.rows[0].position = form.rows[0].position.toLowerCase();
        form.rows[0].clock = form.rows[0].clock.replace(':', '');
      });
      const saved = await postForm(
        `/judge/games/${g.id}/scoresheet?v=${current.version}`,
        typed,
      ).expect(303);
      expect(saved.headers.location).toBe(`/judge/games/${g.id}/scoresheet?done=saved`);
      const stored = (await t.http.get(`/api/games/${g.id}/scoresheet`).expect(200)).body;
      expect(stored.ok).toBe(true);
      const doc = JSON.parse(stored.text);
      expect(doc.turns).toEqual(sheet.turns);
      expect(doc.meta.form.rows[0].position).toBe(sheet.turns[0].play!.split(' ')[0].toLowerCase());
      const after = (await t.http.get(`/api/divisions/${site.divisionId}/standings`).expect(200))
        .body as StandingsJson;
      const points = (s: StandingsJson) =>
        s.rows.find((r) => r.playerId === g.first.id)!.points +
        s.rows.find((r) => r.playerId === g.second!.id)!.points;
      expect(points(after)).toBe(points(before) + 1);
      const page = (await get(saved.headers.location, judge).expect(200)).text;
      expect(mainText(page)).toContain('Zapisnik je sačuvan i rezultat upisan.');
      expect(page).not.toContain('class="notice warn"');
      // The rows come back exactly as typed.
      expect(inputValue(page, 'c-0-position')).toBe(
        sheet.turns[0].play!.split(' ')[0].toLowerCase(),
      );
      expect(inputValue(page, 'c-0-clock')).toBe(sheet.turns[0].clock!.replace(':', ''));
      // Saving again with the version of the old page is refused, the rows kept.
      const stale = await postForm(`/judge/games/${g.id}/scoresheet?v=${g.version}`, typed).expect(
        409,
      );
      expect(inputValue(stale.text, 'c-0-clock')).toBe(sheet.turns[0].clock!.replace(':', ''));
    });

    test('score sheet: saving a sheet that stops before the end asks first, keeps the draft and records nothing; "save anyway" records it', async () => {
      const g = await game(site.pendingGame);
      const players = [g.first.name, g.second!.name];
      const { sheet } = scoreSheet([g.first.name, g.second!.name], 13);
      // 7 lines: the first player has had 4 turns, the second 3, and no end is written.
      const half = { ...sheet, turns: sheet.turns.slice(0, 7), end: undefined, claimed: undefined };
      const asked = await postForm(
        `/judge/games/${g.id}/scoresheet?v=${g.version}`,
        formFields(half, players, { intent: 'save', draftVersion: await draftOf(g.id) }),
      ).expect(200);
      expect(mainText(asked.text)).toContain(
        `Po zapisniku ova partija nije završena (${players[0]} 4 od 10, ${players[1]} 3 od 10 poteza), a nije upisano kako se završila. Zapisnik je sačuvan kao nacrt; rezultat nije upisan.`,
      );
      expect(asked.text).toContain(
        '<button type="submit" form="sheet-form" name="intent" value="save-unfinished" id="sheet-save-unfinished">Sačuvaj ipak kao rezultat</button>',
      );
      // The verdict says the figures are right so far, not that a final agrees.
      expect(mainText(asked.text)).toContain(
        'Zapisnik je ispravan dovde: poeni i zbirovi se slažu s pravilima, ali kraj partije nije upisan.',
      );
      // Nobody has won a game that is not over: the verdict says who leads.
      expect(mainText(asked.text)).toMatch(/Vodi: |Zasad nerešeno/);
      expect(mainText(asked.text)).not.toContain('Pobeda: ');
      expect(await game(g.id)).toMatchObject({ version: g.version, status: g.status });
      // The rows are the draft now: a judge coming back finds them.
      const back = (await get(`/judge/games/${g.id}/scoresheet`, judge).expect(200)).text;
      expect(inputValue(back, 'c-6-position')).toBe(half.turns[6].play!.split(' ')[0]);
      // Saved anyway: the sheet is the result, with the finding in its report.
      const saved = await postForm(
        `/judge/games/${g.id}/scoresheet?v=${g.version}`,
        formFields(half, players, { intent: 'save-unfinished' }),
      ).expect(303);
      expect(saved.headers.location).toBe(`/judge/games/${g.id}/scoresheet?done=saved`);
      const stored = (await t.http.get(`/api/games/${g.id}/scoresheet`).expect(200)).body;
      expect((stored.report as { issues: { code: string }[] }).issues.map((i) => i.code)).toContain(
        'END_NOT_RECORDED',
      );
      expect((await game(g.id)).version).toBeGreaterThan(g.version);
      // With the end written (by agreement), it saves at once.
      const agreed = { ...half, end: { reason: 'agreed' as const } };
      await postForm(
        `/judge/games/${g.id}/scoresheet?v=${(await game(g.id)).version}`,
        formFields(agreed, players, { intent: 'save' }),
      ).expect(303);
    });

    test('score sheet: a draft is kept as the judge checks, restored on return; a second judge gets a conflict, not an overwrite', async () => {
      const g = await game(site.pendingGame);
      const players = [g.first.name, g.second!.name];
      const { sheet } = scoreSheet([g.first.name, g.second!.name], 8);
      const half = { ...sheet, turns: sheet.turns.slice(0, 6), end: undefined, claimed: undefined };
      const first = await postForm(
        `/judge/games/${g.id}/scoresheet`,
        formFields(half, players, { intent: 'verify', draftVersion: '0' }),
      ).expect(200);
      const version = inputValue(first.text, 'draft-version');
      expect(Number(version)).toBeGreaterThan(0);
      const back = (await get(`/judge/games/${g.id}/scoresheet`, judge).expect(200)).text;
      expect(mainText(back)).toContain('Vraćen je nacrt');
      expect(inputValue(back, 'c-5-position')).toBe(half.turns[5].play!.split(' ')[0]);
      expect(inputValue(back, 'draft-version')).toBe(version);
      // Another judge, on a page loaded before that draft, is told and overwrites nothing.
      const other = await signInCookie(t, 'judge', [site.tournamentId]);
      const conflict = await postForm(
        `/judge/games/${g.id}/scoresheet`,
        formFields({ ...half, turns: half.turns.slice(0, 2) }, players, {
          intent: 'verify',
          draftVersion: '0',
        }),
        other,
      ).expect(409);
      expect(mainText(conflict.text)).toContain('u drugom prozoru');
      expect(inputValue(conflict.text, 'c-1-position')).toBe(half.turns[1].play!.split(' ')[0]);
      const kept = (await get(`/judge/games/${g.id}/scoresheet`, judge).expect(200)).text;
      expect(inputValue(kept, 'c-5-position')).toBe(half.turns[5].play!.split(' ')[0]);
      // The page's script saves the same way, as JSON.
      const stale = await t.http
        .put(`/judge/games/${g.id}/scoresheet/draft`)
        .set('Origin', t.url)
        .set('Cookie', other)
        .send({
          version: 0,
          form: {
            rows: [],
            end: {
              reason: '',
              racks: ['', ''],
              clocks: ['', ''],
              timeExpired: '',
              final: ['', ''],
            },
            extra: '',
          },
        })
        .expect(409);
      expect(stale.body.details.version).toBe(Number(version));
      expect(stale.body.details.form.rows).toHaveLength(6);
    });

    test('word check: a verdict for the play as a whole, and errors on the form', async () => {
      const form = await get(`/judge/word-check?game=${site.sheetGame}`, judge).expect(200);
      expect(decode(form.text)).toContain(`action="/judge/word-check?game=${site.sheetGame}"`);
      const empty = await post(
        `/judge/word-check?game=${site.sheetGame}`,
        { words: '  ' },
        judge,
      ).expect(400);
      expect(mainText(empty.text)).toContain('Obavezno polje.');
      const valid = await post(
        `/judge/word-check?game=${site.sheetGame}`,
        { words: 'kuća, ljubav' },
        judge,
      ).expect(200);
      expect(valid.text).toContain('data-verdict="VALID"');
      expect(decode(valid.text)).toContain('value="kuća, ljubav"');
      const invalid = await post(
        `/judge/word-check?game=${site.sheetGame}`,
        { words: 'KUĆA ĆŽĆŽĆ' },
        judge,
      ).expect(200);
      expect(invalid.text).toContain('data-verdict="INVALID"');
      expect(mainText(invalid.text)).toContain('NIJE DOZVOLJENO');
      const unreadable = await post(
        `/judge/word-check?game=${site.sheetGame}`,
        { words: 'KUĆA QXW' },
        judge,
      ).expect(400);
      // The unreadable word named as typed: no English, no `words[1]`.
      expect(mainText(unreadable.text)).toContain(
        'Reč ne može da se pročita po ovim pravilima: „QXW”',
      );
      expect(mainText(unreadable.text)).not.toMatch(/words\[|has '|not /);
      expect(decode(unreadable.text)).toContain('value="KUĆA QXW"');
    });
  });

  describe('organiser forms', () => {
    test('a tournament needs a name; then divisions, players, CSV, pairing and swaps', async () => {
      const empty = await post(
        '/organiser/tournaments',
        { name: ' ', startDate: '2026-02-30' },
        organiser,
      ).expect(400);
      expect(empty.text).toContain('id="e-name"');
      expect(empty.text).toContain('id="e-startDate"');
      expect(mainText(empty.text)).toContain('Obavezno polje.');

      const created = await post(
        '/organiser/tournaments',
        { name: 'Zimski turnir Šabac' },
        organiser,
      ).expect(303);
      const tournamentUrl = created.headers.location.split('?')[0];
      const tournamentId = Number(tournamentUrl.split('/').pop());
      expect(mainText((await get(created.headers.location, organiser).expect(200)).text)).toContain(
        'Zimski turnir Šabac',
      );

      const badDivision = await post(
        `/organiser/tournaments/${tournamentId}/divisions`,
        { name: 'A', rules: 'kvizovka', system: 'swiss', rounds: '0' },
        organiser,
      ).expect(400);
      expect(badDivision.text).toContain('id="e-rounds"');
      await post(
        `/organiser/tournaments/${tournamentId}/divisions`,
        {
          name: 'A',
          rules: 'kvizovka',
          system: 'swiss',
          rounds: '3',
          clockMinutes: '25',
          byeSpread: '30',
        },
        organiser,
      ).expect(303);
      const t1 = (await t.http.get(`/api/tournaments/${tournamentId}`).expect(200)).body;
      expect(t1.divisions[0]).toMatchObject({
        name: 'A',
        ruleSet: 'kvizovka',
        rounds: 3,
        pairingPlan: ['swiss'],
        byeSpread: 30,
        options: { clockMinutes: 25 },
      });
      const divisionId = t1.divisions[0].id as number;
      const twin = await post(
        `/organiser/tournaments/${tournamentId}/divisions`,
        { name: 'A', rules: 'kvizovka', system: 'swiss', rounds: '3' },
        organiser,
      ).expect(409);
      expect(twin.text).toContain('id="e-name"');

      const players = `/organiser/divisions/${divisionId}/players`;
      await post(
        players,
        { name: 'Ana Petrović', club: 'Šabac', rating: '1700' },
        organiser,
      ).expect(303);
      const dup = await post(players, { name: 'ana  petrović', rating: 'x' }, organiser).expect(
        400,
      );
      expect(dup.text).toContain('id="e-rating"');
      const dupName = await post(players, { name: 'ana  petrović' }, organiser).expect(409);
      expect(dupName.text).toContain('id="e-name"');
      expect(mainText(dupName.text)).toContain('već postoji igrač s tim imenom');
      expect(decode(dupName.text)).toContain('value="ana  petrović"');

      const csvBad = 'ime;klub;rejting\nĐorđe Šćekić;Čačak;abc\n;Beograd;1500\n';
      const preview = await t.http
        .post(`${players}/csv`)
        .set('Origin', t.url)
        .set('Cookie', organiser)
        .attach('csv', Buffer.from(csvBad, 'utf8'), {
          filename: 'igraci.csv',
          contentType: 'text/csv',
        })
        .expect(422);
      const previewText = mainText(preview.text);
      expect(previewText).toContain('rejting „abc” nije ceo broj');
      expect(previewText).toContain('nedostaje ime');
      expect(preview.text).not.toContain(`action="${players}/import"`);

      const csvGood =
        'ime;klub;rejting\nĐorđe Šćekić;Čačak;1650\nLjubica Njegoš;Beograd;1500\nAna Petrović;;\n';
      // Ana is registered already: the preview names her line and offers no import.
      const known = await post(`${players}/csv`, { csvText: csvGood }, organiser).expect(422);
      expect(mainText(known.text)).toContain('igrač „Ana Petrović” je već prijavljen');
      expect(known.text).not.toContain(`action="${players}/import"`);
      // Posted anyway (a page left open), the import names her line and imports no one.
      const clash = await post(`${players}/import`, { csvText: csvGood }, organiser).expect(422);
      expect(mainText(clash.text)).toContain('red 4');
      expect(
        (await t.http.get(`/api/divisions/${divisionId}/players`).expect(200)).body,
      ).toHaveLength(1);
      const imported = await post(
        `${players}/import`,
        { csvText: csvGood.replace('Ana Petrović;;\n', 'Marko Marković;;\n') },
        organiser,
      ).expect(303);
      expect(imported.headers.location).toContain('done=imported&n=3');
      expect(
        (await t.http.get(`/api/divisions/${divisionId}/players`).expect(200)).body,
      ).toHaveLength(4);

      const rounds = `/organiser/divisions/${divisionId}/rounds`;
      const roundsPage = (await get(rounds, organiser).expect(200)).text;
      expect(roundsPage).toContain('name="round" value="1"');
      await post(rounds, { system: 'seeded', round: '1' }, organiser).expect(303);
      const twice = await post(rounds, { system: 'seeded', round: '1' }, organiser).expect(409);
      expect(mainText(twice.text)).toContain('Stranica je zastarela');
      const early = await post(rounds, { system: 'swiss', round: '2' }, organiser).expect(409);
      expect(mainText(early.text)).toContain('nedostaju 2 rezultata 1. kola (stolovi 1, 2)');

      const r1 = (await t.http.get(`/api/divisions/${divisionId}/rounds/1`).expect(200)).body;
      const [g1, g2] = r1.games;
      const same = await post(
        `${rounds}/1/swap`,
        { playerA: String(g1.first.id), playerB: String(g1.first.id) },
        organiser,
      ).expect(400);
      expect(mainText(same.text)).toContain('dva različita igrača');
      await post(
        `${rounds}/1/swap`,
        { playerA: String(g1.first.id), playerB: String(g2.first.id) },
        organiser,
      ).expect(303);
      const swapped = (await t.http.get(`/api/divisions/${divisionId}/rounds/1`).expect(200)).body;
      expect(swapped.games[0].first.id).toBe(g2.first.id);
      const page = (await get(`${rounds}?done=swapped`, organiser).expect(200)).text;
      expect(mainText(page)).toContain('Igrači su zamenjeni.');
      expect(page).toContain(`/divisions/${divisionId}/rounds/1/sheets.pdf`);
    });
  });
});
