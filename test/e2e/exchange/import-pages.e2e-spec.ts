import Database from 'better-sqlite3';
import { createHash } from 'crypto';
import { Client } from 'pg';
import { adminCookie, decode } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { createTournament, enterResult, pair, register, scoreSheet } from '../tournament-helpers';

/** A prize table with places, a class and an award: what the copy must keep. */
const PRIZES = {
  currency: 'RSD',
  onePrizePerPlayer: true,
  places: [{ amount: 5000 }, { amount: 3000 }],
  classes: [{ name: 'B', below: 1700, prizes: [{ name: 'Knjiga' }] }],
  awards: [{ kind: 'highest-game', prize: { amount: 1000 } }],
};

type Doc = Record<string, unknown> & {
  tournament: Record<string, unknown>;
  prizes: unknown;
  divisions: { players: Record<string, unknown>[] }[];
  log: unknown[];
};

describe(`a tournament's file on the organiser's pages: download, preview, import as a copy (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let cookie: string;
  let id: number;

  beforeAll(async () => {
    t = await startTestApp();
    cookie = await adminCookie(t);
    const made = await createTournament(t, {
      name: 'Kup Beograda 2026',
      ruleSet: 'kvizovka',
      rounds: 1,
      startDate: '2026-11-28',
    });
    id = made.id;
    const people = [
      { name: 'Ana Petrović', rating: 1850, country: 'SRB', federationId: 'SRB-101' },
      { name: 'Marko Jovanović', rating: 1790, country: 'SRB', federationId: 'SRB-102' },
      { name: 'Ivan Kovač', rating: 1650, country: 'CRO', federationId: 'CRO-7' },
      { name: 'Luka Horvat', rating: 1400, country: 'CRO' },
    ];
    for (const p of people) {
      await t.http
        .post(`/api/divisions/${made.divisionId}/players`)
        .set(t.organiser)
        .send(p)
        .expect(201);
    }
    const round = await pair(t, made.divisionId);
    const win = ['05:00', '04:00'];
    await enterResult(t, t.organiser, round.games[0], { scores: [400, 300], clocks: win });
    await enterResult(t, t.organiser, round.games[1], { scores: [310, 350], clocks: win });
    await t.http
      .put(`/api/tournaments/${id}/prizes`)
      .set(t.organiser)
      .set('If-Match', '0')
      .send(PRIZES)
      .expect(200);
    await t.http
      .post(`/api/tournaments/${id}/close`)
      .set(t.organiser)
      .send({ confirm: true })
      .expect(200);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  /** Sends a file to the import page: its preview, or its refusal. */
  const upload = (file: Buffer, name: string, lang = 'sr-Latn') =>
    t.http
      .post(`/organiser/import?lang=${lang}`)
      .set('Cookie', cookie)
      .set('Origin', t.url)
      .attach('file', file, name);

  const tournamentCount = async () =>
    ((await t.http.get('/api/tournaments').expect(200)).body as unknown[]).length;

  it('downloads the file from the tournament page, the same document as the API gives', async () => {
    const page = await t.http
      .get(`/organiser/tournaments/${id}?lang=sr-Latn`)
      .set('Cookie', cookie)
      .expect(200);
    expect(page.text).toContain(`href="/organiser/tournaments/${id}/export"`);
    const file = await t.http
      .get(`/organiser/tournaments/${id}/export`)
      .set('Cookie', cookie)
      .expect(200);
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="kup-beograda-2026-\d{4}-\d{2}-\d{2}\.arbiter\.json"/,
    );
    const doc = JSON.parse(file.text) as Doc;
    const api = (await t.http.get(`/api/tournaments/${id}/export`).set(t.organiser).expect(200))
      .body as Doc;
    expect({ ...doc, exportedAt: null }).toEqual({ ...api, exportedAt: null });
    // What the copy must keep, carried by the document.
    expect(doc.tournament.closedAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    expect(doc.prizes).toMatchObject({
      currency: 'RSD',
      places: [{ amount: 5000 }, { amount: 3000 }],
    });
    expect(doc.divisions[0].players.map((p) => [p.name, p.country, p.federationId])).toEqual([
      ['Ana Petrović', 'SRB', 'SRB-101'],
      ['Marko Jovanović', 'SRB', 'SRB-102'],
      ['Ivan Kovač', 'CRO', 'CRO-7'],
      ['Luka Horvat', 'CRO', null],
    ]);
    // A visitor is sent to sign in: the file names the judges, with their emails.
    const visitor = await t.http.get(`/organiser/tournaments/${id}/export`).expect(303);
    expect(visitor.headers.location).toMatch(/^\/sign-in/);
  });

  it('previews the file, then imports it as a marked copy: closed, prizes, federation ids and countries kept', async () => {
    const before = await tournamentCount();
    const file = await t.http
      .get(`/organiser/tournaments/${id}/export`)
      .set('Cookie', cookie)
      .expect(200);
    const original = JSON.parse(file.text) as Doc;

    const preview = await upload(Buffer.from(file.text, 'utf8'), 'kup.arbiter.json').expect(200);
    const html = decode(preview.text);
    expect(html).toContain('Šta će biti napravljeno');
    expect(html).toContain('Kup Beograda 2026');
    expect(html).toContain('zatvoren'); // closed, and stays so
    expect(html).toContain('nagrada za mesta: 2, klasa: 1, posebnih nagrada: 1');
    expect(html).toMatch(/Igrača s ID-jem saveza<\/dt><dd>3</);
    expect(html).toContain('value="Kup Beograda 2026 (kopija)"');
    // The preview stored no tournament.
    expect(await tournamentCount()).toBe(before);
    const uploadId = /name="upload" value="([^"]+)"/.exec(preview.text)![1];

    const done = await t.http
      .post('/organiser/import/confirm?lang=sr-Latn')
      .set('Cookie', cookie)
      .set('Origin', t.url)
      .type('form')
      .send({ upload: uploadId, name: 'Kup Beograda 2026 (kopija)' })
      .expect(303);
    const copyId = Number(
      /\/organiser\/tournaments\/(\d+)\?done=tournamentImported/.exec(done.headers.location)![1],
    );
    expect(copyId).not.toBe(id);
    expect(await tournamentCount()).toBe(before + 1);

    // Confirmed twice (a double click, a page sent again): one copy.
    const again = await t.http
      .post('/organiser/import/confirm?lang=sr-Latn')
      .set('Cookie', cookie)
      .set('Origin', t.url)
      .type('form')
      .send({ upload: uploadId, name: 'Kup Beograda 2026 (kopija)' })
      .expect(409);
    expect(decode(again.text)).toContain('već uvezena');
    expect(await tournamentCount()).toBe(before + 1);

    const view = (await t.http.get(`/api/tournaments/${copyId}`).expect(200)).body as Record<
      string,
      unknown
    >;
    expect(view).toMatchObject({
      name: 'Kup Beograda 2026 (kopija)',
      copyOf: 'Kup Beograda 2026',
      closedAt: original.tournament.closedAt,
    });
    expect(view.importedAt).toEqual(expect.any(String));
    const originalView = (await t.http.get(`/api/tournaments/${id}`).expect(200)).body as Record<
      string,
      unknown
    >;
    expect(originalView.copyOf).toBeNull();

    const prizes = (await t.http.get(`/api/tournaments/${copyId}/prizes`).expect(200)).body;
    expect(prizes).toMatchObject({ ...PRIZES, version: 1 });

    const copy = (
      await t.http.get(`/api/tournaments/${copyId}/export`).set(t.organiser).expect(200)
    ).body as Doc;
    expect(copy.tournament.closedAt).toBe(original.tournament.closedAt);
    expect(copy.prizes).toEqual(original.prizes);
    expect(copy.divisions[0].players).toEqual(original.divisions[0].players);
    // The same persons of the registry: found again by federation id.
    const persons = async (tournament: number) => {
      const t1 = (await t.http.get(`/api/tournaments/${tournament}`).expect(200)).body as {
        divisions: { id: number }[];
      };
      const players = (await t.http.get(`/api/divisions/${t1.divisions[0].id}/players`).expect(200))
        .body as { name: string; personId: number }[];
      return players.map((p) => [p.name, p.personId]);
    };
    expect(await persons(copyId)).toEqual(await persons(id));

    // The import's entry in the copy's log names the original and the file.
    expect(copy.log[copy.log.length - 1]).toMatchObject({
      action: 'tournament.imported',
      after: {
        name: 'Kup Beograda 2026 (kopija)',
        copyOf: 'Kup Beograda 2026',
        file: 'kup.arbiter.json',
      },
    });

    // Marked as a copy wherever it is listed: the home page, the organiser's pages, its own page.
    const home = decode((await t.http.get('/?lang=sr-Latn').expect(200)).text);
    expect(home.match(/class="badge copy"/g)).toHaveLength(1);
    expect(home).toContain('Uvezena kopija turnira Kup Beograda 2026');
    const own = decode((await t.http.get(`/tournaments/${copyId}?lang=sr-Latn`).expect(200)).text);
    expect(own).toMatch(/<h1>Kup Beograda 2026 \(kopija\) <span class="badge copy"/);
    const orgPage = decode(
      (await t.http.get(`${done.headers.location}&lang=sr-Latn`).set('Cookie', cookie).expect(200))
        .text,
    );
    expect(orgPage).toContain('Turnir je uvezen kao kopija.');
    expect(orgPage).toContain('class="badge copy"');
    const list = decode(
      (await t.http.get('/organiser?lang=sr-Latn').set('Cookie', cookie).expect(200)).text,
    );
    expect(list.match(/class="badge copy"/g)).toHaveLength(1);
    const copyDivision = (view.divisions as { id: number }[])[0].id;
    for (const tab of ['standings', 'pairings', 'crosstable']) {
      const html = decode(
        (await t.http.get(`/divisions/${copyDivision}/${tab}?lang=sr-Latn`).expect(200)).text,
      );
      expect(html).toMatch(/<h1>[^<]* <span class="badge copy"/);
    }
    const originalPage = decode(
      (await t.http.get(`/tournaments/${id}?lang=sr-Latn`).expect(200)).text,
    );
    expect(originalPage).not.toContain('class="badge copy"');
  });

  it('a closed copy is not rated: its games count once, in the original', async () => {
    const games = async () =>
      ((await t.http.get('/api/ratings').expect(200)).body as { name: string; games: number }[])
        .map((r) => [r.name, r.games])
        .sort();
    expect(await games()).toEqual([
      ['Ana Petrović', 1],
      ['Ivan Kovač', 1],
      ['Luka Horvat', 1],
      ['Marko Jovanović', 1],
    ]);
    // The ratings computed again (the original reopened and closed), the copy closed beside it.
    await t.http
      .post(`/api/tournaments/${id}/reopen`)
      .set(t.organiser)
      .send({ confirm: true })
      .expect(200);
    await t.http
      .post(`/api/tournaments/${id}/close`)
      .set(t.organiser)
      .send({ confirm: true })
      .expect(200);
    expect(await games()).toEqual([
      ['Ana Petrović', 1],
      ['Ivan Kovač', 1],
      ['Luka Horvat', 1],
      ['Marko Jovanović', 1],
    ]);
  });

  it('refuses a bad file whole with its reasons in the page language, nothing stored', async () => {
    const before = await tournamentCount();
    const file = await t.http
      .get(`/organiser/tournaments/${id}/export`)
      .set('Cookie', cookie)
      .expect(200);
    const doc = JSON.parse(file.text) as Doc;
    doc.divisions[0].players[1].federationId = 'SRB-101'; // Ana's, twice
    doc.divisions[0].players[2].country = 'Hrvatska';
    (doc.prizes as { places: unknown[] }).places[0] = { amount: -5 };
    const refused = await upload(Buffer.from(JSON.stringify(doc), 'utf8'), 'bad.json').expect(422);
    const html = decode(refused.text);
    expect(html).toContain('Datoteka nije uvezena, ništa nije sačuvano:');
    // Each reason in the page's language, with its figures.
    expect(html).toContain(
      'polje divisions[0].players[1].federationId: ID u savezu SRB-101 naveden je dvaput',
    );
    expect(html).toContain(
      'polje divisions[0].players[2].country: mora biti oznaka zemlje od dva ili tri velika latinična slova, ili bez vrednosti, a ne "Hrvatska"',
    );
    expect(html).toContain('polje prizes.places[0].amount: Iznos je broj od 0 do');
    expect(html).not.toContain('is used twice');
    expect(html).not.toContain('name="upload"');
    // In English, the same reasons in English; the API keeps its English text beside the codes.
    const inEnglish = decode(
      (await upload(Buffer.from(JSON.stringify(doc), 'utf8'), 'bad.json', 'en').expect(422)).text,
    );
    expect(inEnglish).toContain(
      'field divisions[0].players[1].federationId: federation id SRB-101 is used twice',
    );
    expect(inEnglish).toContain(
      'field divisions[0].players[2].country: must be a country code of two or three capital letters (such as SRB), or null, not "Hrvatska"',
    );
    // A missing field, a number out of range and an unknown player, in Serbian.
    const worse = JSON.parse(file.text) as Doc;
    delete (worse.divisions[0].players[0] as { seed?: number }).seed;
    (worse.divisions[0].players[1] as { rating: number }).rating = -4;
    const rounds = (worse.divisions[0] as unknown as { rounds: { games: { second: unknown }[] }[] })
      .rounds;
    rounds[0].games[0].second = 999;
    const worseHtml = decode(
      (await upload(Buffer.from(JSON.stringify(worse), 'utf8'), 'worse.json').expect(422)).text,
    );
    expect(worseHtml).toContain('polje divisions[0].players[0].seed: nedostaje, a obavezno je');
    expect(worseHtml).toContain('polje divisions[0].players[1].rating: mora biti ceo broj od 0 do');
    expect(worseHtml).toContain(
      'polje divisions[0].rounds[0].games[0].second: mora biti oznaka igrača ove grupe, a ne 999',
    );

    // What only the whole document contradicts, and the director's log: reasons of their own.
    const contradicts = JSON.parse(file.text) as Doc & {
      divisions: { rounds: { games: { remaining: number[] | null }[] }[] }[];
      log: { action: string }[];
    };
    contradicts.divisions[0].rounds[0].games[0].remaining = [1801, 60]; // 30:01 > 30:00
    contradicts.log[0].action = 'round.invented';
    for (const [lang, texts] of [
      [
        'sr-Latn',
        [
          'polje divisions[0].rounds[0].games[0].remaining[0]: preostalo vreme 30:01 je više od 30:00 koliko svaki igrač ima na početku (kvizovka)',
          'polje log[0].action: round.invented nije radnja dnevnika direktora',
        ],
      ],
      [
        'sr-Cyrl',
        [
          'поље divisions[0].rounds[0].games[0].remaining[0]: преостало време 30:01 је више од 30:00',
          'поље log[0].action: round.invented није радња дневника директора',
        ],
      ],
      [
        'en',
        [
          'field divisions[0].rounds[0].games[0].remaining[0]: 30:01 left is more than the 30:00 each player starts with (kvizovka)',
          "field log[0].action: round.invented is not an action of the director's log",
        ],
      ],
    ] as const) {
      const page = decode(
        (await upload(Buffer.from(JSON.stringify(contradicts), 'utf8'), 'c.json', lang).expect(422))
          .text,
      );
      for (const text of texts) expect([lang, page]).toEqual([lang, expect.stringContaining(text)]);
    }

    // Not JSON: the line and character, in the page's language.
    const broken = `{\n  "format": "arbiter-tournament/1",\n  "tournament": {,\n}`;
    const notJson = await upload(Buffer.from(broken, 'utf8'), 'broken.json').expect(400);
    expect(decode(notJson.text)).toMatch(/red 3, znak \d+: datoteka nije ispravan JSON/);
    const english = await upload(Buffer.from(broken, 'utf8'), 'broken.json', 'en').expect(400);
    expect(decode(english.text)).toMatch(/line 3, character \d+: the file is not valid JSON/);

    // Another format's file, and no file at all.
    const other = await upload(Buffer.from('{"format":"scoresheet/1"}', 'utf8'), 'x.json').expect(
      422,
    );
    expect(decode(other.text)).toContain(
      'polje format: ovo nije datoteka turnira iz Arbitra (format arbiter-tournament/1), nego "scoresheet/1"',
    );
    await t.http
      .post('/organiser/import?lang=sr-Latn')
      .set('Cookie', cookie)
      .set('Origin', t.url)
      .field('x', '1')
      .expect(400);

    // An upload id that is no file of this organiser's: nothing made.
    await t.http
      .post('/organiser/import/confirm?lang=sr-Latn')
      .set('Cookie', cookie)
      .set('Origin', t.url)
      .type('form')
      .send({ upload: 'no-such-upload', name: 'Kopija' })
      .expect(409);
    expect(await tournamentCount()).toBe(before);
  });

  it('keeps an older file importable: no closing, prizes, countries or federation ids in it', async () => {
    const file = await t.http
      .get(`/organiser/tournaments/${id}/export`)
      .set('Cookie', cookie)
      .expect(200);
    const doc = JSON.parse(file.text) as Doc;
    delete doc.tournament.closedAt;
    delete doc.prizes;
    for (const p of doc.divisions[0].players) {
      delete p.country;
      delete p.federationId;
    }
    const preview = await upload(Buffer.from(JSON.stringify(doc), 'utf8'), 'old.json').expect(200);
    const html = decode(preview.text);
    expect(html).toContain('otvoren');
    expect(html).toContain('nema tabele nagrada');
    const uploadId = /name="upload" value="([^"]+)"/.exec(preview.text)![1];
    const done = await t.http
      .post('/organiser/import/confirm')
      .set('Cookie', cookie)
      .set('Origin', t.url)
      .type('form')
      .send({ upload: uploadId, name: 'Stari fajl' })
      .expect(303);
    const copyId = Number(/tournaments\/(\d+)/.exec(done.headers.location)![1]);
    const view = (await t.http.get(`/api/tournaments/${copyId}`).expect(200)).body as Record<
      string,
      unknown
    >;
    expect(view).toMatchObject({ name: 'Stari fajl', closedAt: null, copyOf: 'Kup Beograda 2026' });
  });

  /** A statement on the server's database, `$1`… for its values; the rows it read. */
  const sql = async (query: string, values: unknown[] = []): Promise<Record<string, unknown>[]> => {
    if (t.databaseEnv.DATABASE_URL) {
      const db = new Client({ connectionString: t.databaseEnv.DATABASE_URL });
      await db.connect();
      try {
        return (await db.query(query, values)).rows as Record<string, unknown>[];
      } finally {
        await db.end();
      }
    }
    const db = new Database(t.databaseEnv.DATABASE_PATH);
    try {
      const statement = db.prepare(query.replace(/\$\d+/g, '?'));
      return statement.reader
        ? (statement.all(...values) as Record<string, unknown>[])
        : (statement.run(...values), []);
    } finally {
      db.close();
    }
  };

  it('the confirmation takes the preview’s verdict kept with the file; a file changed since is checked again', async () => {
    const made = await createTournament(t, {
      name: 'Kup zapisnika',
      ruleSet: 'kvizovka',
      rounds: 1,
    });
    await register(t, made.divisionId, ['Ana', 'Bora']);
    const [game] = (await pair(t, made.divisionId)).games;
    const { sheet } = scoreSheet([game.first.name, game.second!.name], 5);
    await t.http.put(`/api/games/${game.id}/scoresheet`).set(t.organiser).send(sheet).expect(200);
    const text = (
      await t.http.get(`/organiser/tournaments/${made.id}/export`).set('Cookie', cookie).expect(200)
    ).text;
    const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

    /** Previews the file; the upload's id and the row kept for it. */
    const previewed = async () => {
      const preview = await upload(Buffer.from(text, 'utf8'), 'zapisnik.arbiter.json').expect(200);
      const uploadId = /name="upload" value="([^"]+)"/.exec(preview.text)![1];
      const [row] = await sql(
        'SELECT content_hash AS "hash", verdict FROM import_uploads WHERE id = $1',
        [uploadId],
      );
      return { uploadId, row: row as { hash: string; verdict: string } };
    };
    /** Confirms an upload; the copy's document. */
    const confirmed = async (uploadId: string, name: string) => {
      const done = await t.http
        .post('/organiser/import/confirm?lang=sr-Latn')
        .set('Cookie', cookie)
        .set('Origin', t.url)
        .type('form')
        .send({ upload: uploadId, name })
        .expect(303);
      const copyId = /\/organiser\/tournaments\/(\d+)/.exec(done.headers.location)![1];
      return (await t.http.get(`/api/tournaments/${copyId}/export`).set(t.organiser).expect(200))
        .body as {
        divisions: {
          rounds: {
            games: { scoresheet: { ok: boolean | null; report: { mark?: string } } | null }[];
          }[];
        }[];
      };
    };
    const reportOf = (d: Awaited<ReturnType<typeof confirmed>>) =>
      d.divisions[0].rounds[0].games.find((g) => g.scoresheet)!.scoresheet!;

    // The preview kept the verdict on the file's very text: its hash and the sheet's report.
    const first = await previewed();
    expect(first.row.hash).toBe(sha256(text));
    const verdict = JSON.parse(first.row.verdict) as {
      v: number;
      sheets: [number, number, number, boolean, string][];
    };
    const at = (
      JSON.parse(text) as Doc & { divisions: { rounds: { games: { scoresheet: unknown }[] }[] }[] }
    ).divisions[0].rounds[0].games.findIndex((g) => g.scoresheet);
    expect(verdict.sheets.map(([d, r, g, ok]) => [d, r, g, ok])).toEqual([[0, 0, at, true]]);
    const report = JSON.parse(verdict.sheets[0][4]) as { ok: boolean; turns: unknown[] };
    expect(report.ok).toBe(true);

    // Marked where only the verdict holds it: a confirmation that verified the sheet again
    // would store the engine's report, without the mark.
    const marked = (v: typeof verdict) =>
      JSON.stringify({
        ...v,
        sheets: [[...v.sheets[0].slice(0, 4), JSON.stringify({ ...report, mark: 'kept verdict' })]],
      });
    await sql('UPDATE import_uploads SET verdict = $1 WHERE id = $2', [
      marked(verdict),
      first.uploadId,
    ]);
    const taken = await confirmed(first.uploadId, 'Kup zapisnika (kopija)');
    expect(reportOf(taken)).toMatchObject({ ok: true, report: { ok: true, mark: 'kept verdict' } });

    // The kept text changed since its preview (another hash): checked and verified in full.
    const second = await previewed();
    await sql('UPDATE import_uploads SET document = $1, verdict = $2 WHERE id = $3', [
      text.replace('"Kup zapisnika"', '"Kup zapisnika B"'),
      marked(JSON.parse(second.row.verdict) as typeof verdict),
      second.uploadId,
    ]);
    const checked = await confirmed(second.uploadId, 'Kup zapisnika B (kopija)');
    expect(reportOf(checked).ok).toBe(true);
    expect(reportOf(checked).report).toEqual(report);
    expect(reportOf(checked).report.mark).toBeUndefined();
  });
});
