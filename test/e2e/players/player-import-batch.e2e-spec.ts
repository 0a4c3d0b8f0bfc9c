import { adminCookie } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { createTournament } from '../tournament-helpers';

/*
 * A players CSV is registered in one batch (what registration reads is read once, the rows are
 * written in multi-row inserts). It must register exactly what the same players registered one
 * at a time through the API would, and refuse what they would refuse. Two servers, each on a
 * database of its own with the same registry, take the same steps: one registers each line
 * through the API, the other imports the lines as a file.
 */

let api: TestApp;
let file: TestApp;
let cookie: string;
beforeAll(async () => {
  [api, file] = await Promise.all([startTestApp(), startTestApp()]);
  cookie = await adminCookie(file);
  for (const t of [api, file]) {
    // The registry the lines meet: a person by federation id, one by name alone, two of one name.
    for (const body of [
      { name: 'Marko Ilić', federationId: 'SRB-901' },
      { name: 'Ana Novak' },
      { name: 'Dvojnik Isti' },
      { name: 'Dvojnik Isti' },
    ]) {
      await t.http.post('/api/persons').set(t.organiser).send(body).expect(201);
    }
  }
}, 90000);
afterAll(() => Promise.all([api?.close(), file?.close()]));

/** A CSV line's fields: name;club;rating;seed;federation id;country. */
type Line = [string, string, string, string, string, string];
const HEADER = 'name;club;rating;seed;federation id;country';

const dtoOf = ([name, club, rating, seed, federationId, country]: Line) => ({
  name,
  club: club || null,
  rating: rating ? Number(rating) : null,
  ...(seed ? { seed: Number(seed) } : {}),
  ...(federationId ? { federationId } : {}),
  ...(country ? { country } : {}),
});

const register = (t: TestApp, divisionId: number, line: Line) =>
  t.http.post(`/api/divisions/${divisionId}/players`).set(t.organiser).send(dtoOf(line));

/** The same new division on both servers (the same id on each), with `players` registered. */
let divisions = 0;
async function division(players: Line[] = []): Promise<number> {
  const name = `Batch ${++divisions}`;
  const ids = await Promise.all(
    [api, file].map(async (t) => {
      const { divisionId } = await createTournament(t, { name, ruleSet: 'kvizovka', rounds: 5 });
      for (const line of players) await register(t, divisionId, line).expect(201);
      return divisionId;
    }),
  );
  expect(ids[0]).toBe(ids[1]);
  return ids[0];
}

/** Registers each line through the API in turn: the first refusal, if any. */
async function oneByOne(divisionId: number, lines: Line[]) {
  for (const [index, line] of lines.entries()) {
    const res = await register(api, divisionId, line);
    if (res.status !== 201) {
      return { index, status: res.status, code: res.body.code as string, body: res.body };
    }
  }
  return null;
}

/** Imports the lines as a file through the organiser's page. */
function asCsv(divisionId: number, lines: Line[]) {
  const csvText = [HEADER, ...lines.map((l) => l.join(';'))].join('\n');
  return file.http
    .post(`/organiser/divisions/${divisionId}/players/import?lang=en`)
    .set('Origin', file.url)
    .set('Cookie', cookie)
    .type('form')
    .send({ csvText });
}

/** A division's players with their persons, and the registry, as a server has them. */
async function stored(t: TestApp, divisionId: number) {
  const players = (await t.http.get(`/api/divisions/${divisionId}/players`).expect(200)).body as {
    id: number;
    personId: number;
    seed: number;
  }[];
  const persons = (await t.http.get('/api/persons').set(t.organiser).expect(200)).body as {
    id: number;
  }[];
  return {
    players: players.map(({ id: _id, ...p }) => p),
    persons: persons.map((p) => ({ ...p, version: undefined, updatedAt: undefined })),
  };
}

describe(`a players CSV registers as the API registers one player after another (${DATABASE_KIND})`, () => {
  it('finds persons by federation id and by name, fills in a country, makes new ones, numbers seeds after the highest', async () => {
    const d = await division([['Stari Igrač', '', '', '1', '', '']]);
    const lines: Line[] = [
      ['M. Ilić', 'Novi Sad', '1850', '', 'SRB-901', ''], // by federation id, under another name
      ['Ana Novak', '', '', '', '', 'CRO'], // by name; the person gains its country
      ['Nova Osoba', 'Čačak', '1500', '7', 'SRB-902', 'SRB'], // a new person, seed 7
      ['Nova Osoba Druga', '', '', '', '', ''], // seed 8: after the highest
      ['Ана Новак Млађа', '', '1400', '5', '', ''], // a new person; seed 5 is free
      ['Ana Novak Mladja', 'Kraljevo', '', '', '', ''], // looks like the line before: a warning
    ];
    expect(await oneByOne(d, lines)).toBeNull();
    await asCsv(d, lines).expect(303);
    const [a, f] = [await stored(api, d), await stored(file, d)];
    expect(a.players).toHaveLength(7);
    expect(f).toEqual(a);
    expect(a.players.map((p) => p.seed)).toEqual([1, 2, 3, 5, 7, 8, 9]);
  });

  /**
   * [what, players before, the lines, the refused line's index, its code, the API's words, the
   * page's words].
   */
  const refusals: [string, Line[], Line[], number, string, RegExp, string][] = [
    [
      'a name a line before it has',
      [],
      [
        ['Pera Perić', '', '', '', '', ''],
        ['Laza Lazić', '', '', '', '', ''],
        ['pera  PERIĆ', '', '', '', '', ''],
      ],
      2,
      'PLAYER_EXISTS',
      /already has a player named Pera Perić \(\d+\)/,
      'The division already has a player with that name; score sheets could not tell them apart.',
    ],
    [
      'a seed a player registered before holds',
      [['Prvi', '', '', '4', '', '']],
      [
        ['Drugi', '', '', '', '', ''],
        ['Treći', '', '', '4', '', ''],
      ],
      1,
      'SEED_TAKEN',
      /seed 4 already belongs to Prvi \(\d+\)/,
      'Another player already has that seed.',
    ],
    [
      'the seed an earlier line took by counting on',
      [['Prvi', '', '', '4', '', '']],
      [
        ['Drugi', '', '', '', '', ''],
        ['Treći', '', '', '5', '', ''],
      ],
      1,
      'SEED_TAKEN',
      /seed 5 already belongs to Drugi \(\d+\)/,
      'Another player already has that seed.',
    ],
    [
      'a federation id an earlier line gave a new person',
      [],
      [
        ['Jova Jović', '', '', '', 'SRB-950', ''],
        ['J. Jović', '', '', '', 'SRB-950', ''],
      ],
      1,
      'PERSON_REGISTERED',
      /Jova Jović \(person \d+\) is registered in division \d+ already/,
      'That person of the registry is registered in this division already.',
    ],
    [
      'a name two persons of the registry share',
      [],
      [
        ['Neko Treći', '', '', '', '', ''],
        ['Dvojnik Isti', '', '', '', '', ''],
      ],
      1,
      'PERSON_AMBIGUOUS',
      /2 persons of the registry are named Dvojnik Isti \(\d+, \d+\)/,
      'Several persons of the registry have that name: choose who is registering.',
    ],
  ];

  it.each(refusals)(
    '%s: refused at that line as the API refuses it, nothing stored',
    async (_what, before, lines, index, code, words, pageWords) => {
      const d = await division(before);
      const personsBefore = await stored(file, d);
      const one = await oneByOne(d, lines);
      expect(one).toMatchObject({ index, code });
      expect(one!.body.message).toMatch(words);
      const res = await asCsv(d, lines);
      expect(res.status).toBe(one!.status);
      // The page names the line (the header is line 1) and says what the API says.
      expect(res.text).toContain(`id="csv-line-${index + 2}"`);
      expect(res.text).toContain(
        `<li class="bad"><a href="#csv-line-${index + 2}">line ${index + 2}</a>: ${pageWords}</li>`,
      );
      expect(await stored(file, d)).toEqual(personsBefore);
    },
  );
});
