import { readFileSync } from 'fs';
import { join } from 'path';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { createTournament, enterResult, pair, register } from '../tournament-helpers';

/**
 * A person's page across events: the rating after each closed (rated) tournament as a chart
 * and a table, the figures of the games whose result stands on a verified score sheet, and a
 * replay link for each game with a sheet.
 *
 * Ana and Bora play in two Kvizovka tournaments, each closed (rated). The spring game comes
 * from the hand-made sheet 08-long-words-bonuses with Ana first: Ana 139 – 42 Bora, Ana's
 * 9B MATEMATIKA 88 with the all-tile bonus and ELEKTRIČNOST (two words of 10 letters or more),
 * 30:00 left. The autumn game is typed (Ana 300 – 350 Bora): it counts in the ratings, not in
 * the figures, and has no replay.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60000);
afterAll(() => t.close());

const sheet = (name: string) =>
  JSON.parse(
    readFileSync(join(__dirname, '..', '..', 'fixtures', 'kvizovka', `${name}.sheet.json`), 'utf8'),
  ) as { players: string[] };

interface ReportLine {
  name: string;
  personId: number;
  old: number | null;
  new: number;
}
const reportLine = async (tournamentId: number, name: string) =>
  (
    (await t.http.get(`/api/tournaments/${tournamentId}/ratings`).expect(200)).body as {
      families: { lines: ReportLine[] }[];
    }
  ).families[0].lines.find((l) => l.name === name)!;

const close = (id: number) =>
  t.http.post(`/api/tournaments/${id}/close`).set(t.organiser).send({ confirm: true }).expect(200);

/** The cells of each row of the page's table with `class`. */
function rows(html: string, cls: string): string[][] {
  const table = new RegExp(`<table class="data ${cls}">([\\s\\S]*?)</table>`).exec(html);
  if (!table) return [];
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(table[1])![1];
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((r) =>
    [...r[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) =>
      c[1].replace(/<[^>]+>/g, '').trim(),
    ),
  );
}
const stat = (html: string, cls: string) =>
  new RegExp(`<dd class="${cls}">([\\s\\S]*?)</dd>`).exec(html)?.[1].replace(/<[^>]+>/g, '');

describe(`a person's page across events (${DATABASE_KIND})`, () => {
  let spring: { id: number; divisionId: number };
  let autumn: { id: number; divisionId: number };
  let anaId: number;
  let springGame: number;
  let autumnGame: number;

  beforeAll(async () => {
    spring = await createTournament(t, {
      name: 'Proleće & <druženje>',
      ruleSet: 'kvizovka',
      rounds: 1,
      startDate: '2026-03-14',
      endDate: '2026-03-14',
    });
    autumn = await createTournament(t, {
      name: 'Jesenji kup',
      ruleSet: 'kvizovka',
      rounds: 1,
      startDate: '2026-10-03',
      endDate: '2026-10-04',
    });
    const ratings = [1600, 1500];
    const [ana] = await register(
      t,
      spring.divisionId,
      ['Ana Grafik', 'Bora Grafik'],
      (i) => ratings[i],
    );
    anaId = (ana as unknown as { personId: number }).personId;
    await register(t, autumn.divisionId, ['Ana Grafik', 'Bora Grafik'], (i) => ratings[i]);

    const r1 = await pair(t, spring.divisionId);
    const g1 = r1.games[0];
    expect(g1.first.name).toBe('Ana Grafik');
    springGame = g1.id;
    const judge = await t.account('judge', undefined, [spring.id]);
    const s = sheet('08-long-words-bonuses');
    s.players = [g1.first.name, g1.second!.name];
    const put = await t.http.put(`/api/games/${g1.id}/scoresheet`).set(judge).send(s);
    expect([put.status, put.body.scoresheet]).toEqual([200, { ok: true }]);
    await close(spring.id);

    const r2 = await pair(t, autumn.divisionId);
    const g2 = r2.games[0];
    autumnGame = g2.id;
    const anaFirst = g2.first.name === 'Ana Grafik';
    await enterResult(t, t.organiser, g2, {
      scores: anaFirst ? [300, 350] : [350, 300],
      clocks: ['05:00', '04:00'],
    });
    await close(autumn.id);
  }, 120000);

  it('draws the rating after each tournament, with the report figures in its table', async () => {
    const first = await reportLine(spring.id, 'Ana Grafik');
    const second = await reportLine(autumn.id, 'Ana Grafik');
    // She won the spring game and lost the autumn one.
    expect(first.old).toBe(1600);
    expect(first.new).toBeGreaterThan(1600);
    expect(second.old).toBe(first.new);
    expect(second.new).toBeLessThan(first.new);

    const html = (await t.http.get(`/persons/${anaId}?lang=en`).expect(200)).text;
    expect(html).toContain('<h2 id="h-history">Rating history</h2>');
    const svg = /<svg class="rating-chart"[\s\S]*?<\/svg>/.exec(html)![0];
    expect(svg).toContain('role="img"');
    expect(svg).toContain(
      `aria-label="Chart of the rating after each tournament: Kvizovka from ${first.new} to ${second.new} over 2 tournaments."`,
    );
    const titles = [...svg.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
    // The event's name escaped in the point's title; the autumn date is its last day.
    expect(titles).toEqual([
      `Kvizovka: Proleće &amp; &lt;druženje&gt;, 2026-03-14, rating ${first.new}`,
      `Kvizovka: Jesenji kup, 2026-10-04, rating ${second.new}`,
    ]);
    expect(svg).toContain('<polyline');
    expect(rows(html, 'person-history')).toEqual([
      ['2026-03-14', 'Proleće &amp; &lt;druženje&gt;', String(first.new), `+${first.new - 1600}`],
      ['2026-10-04', 'Jesenji kup', String(second.new), String(second.new - first.new)],
    ]);
    // One family: the table does not repeat it on every row (the legend names it).
    const head = /<table class="data person-history">[\s\S]*?<\/thead>/.exec(html)![0];
    expect(head).toContain('<th>Tournament</th><th class="num">Rating</th>');
    // In Serbian, the same figures in the page's words and dates.
    const sr = (await t.http.get(`/persons/${anaId}?lang=sr-Latn`).expect(200)).text;
    expect(sr).toContain(
      `aria-label="Grafikon rejtinga posle svakog turnira: Kvizovka od ${first.new} do ${second.new} kroz 2 turnira."`,
    );
    expect(sr).toContain(`Kvizovka: Jesenji kup, 4. 10. 2026., rejting ${second.new}`);
  });

  it('gives the figures of the verified sheet only, and says how many games they come from', async () => {
    const html = (await t.http.get(`/persons/${anaId}?lang=en`).expect(200)).text;
    expect(html).toContain('Figures from verified score sheets');
    expect(html).toContain(
      'Only games whose result was taken from a score sheet the program checked: 1 game.',
    );
    expect(stat(html, 'stat-games')).toBe('1');
    expect(stat(html, 'stat-average')).toBe('139');
    expect(html).toContain('<dt>Long words (10 letters or more)</dt><dd class="stat-long">2</dd>');
    expect(stat(html, 'stat-bingos')).toBe('1');
    expect(stat(html, 'stat-play')).toBe('88 points: 9B MATEMATIKA');
    expect(html).toContain(`<a href="/games/${springGame}">88 points: 9B MATEMATIKA</a>`);
    expect(stat(html, 'stat-time')).toBe('30:00');
    // Bora's own figures from the same sheet: his plays, not Ana's.
    const bora = (await reportLine(spring.id, 'Bora Grafik')).personId;
    const his = (await t.http.get(`/persons/${bora}?lang=en`).expect(200)).text;
    expect(stat(his, 'stat-average')).toBe('42');
    expect(stat(his, 'stat-long')).toBe('1');
    expect(stat(his, 'stat-bingos')).toBe('0');
    expect(stat(his, 'stat-play')).toBe('31 points: H8 S.AT.STIKA');
    // He won only the typed game, which the figures do not count.
    expect(stat(his, 'stat-time')).toBe('no wins');
  });

  it('links the replay of the game with a sheet, not of the typed one', async () => {
    const html = (await t.http.get(`/persons/${anaId}?lang=en`).expect(200)).text;
    expect(html).toContain(
      `<a href="/games/${springGame}/replay" aria-label="Round 1 game, Proleće &amp; &lt;druženje&gt;, turn by turn">turn by turn</a>`,
    );
    expect(html).not.toContain(`/games/${autumnGame}/replay`);
    await t.http.get(`/games/${springGame}/replay`).expect(200);
  });

  it('says so in a sentence, with no chart and no figures, for a person never rated', async () => {
    const open = await createTournament(t, { name: 'Otvoren', ruleSet: 'kvizovka', rounds: 1 });
    const [cica] = await register(t, open.divisionId, ['Cica Bez Rejtinga']);
    const html = (
      await t.http
        .get(`/persons/${(cica as unknown as { personId: number }).personId}?lang=en`)
        .expect(200)
    ).text;
    expect(html).toContain('No rating after a closed tournament yet, so there is no chart.');
    expect(html).not.toContain('<svg class="rating-chart"');
    expect(html).not.toContain('Figures from verified score sheets');
  });

  it("keeps the API's person as it was: no internal fields leak", async () => {
    const body = (await t.http.get(`/api/persons/${anaId}`).expect(200)).body as {
      games: Record<string, unknown>[];
    };
    expect(body.games).toHaveLength(2);
    for (const g of body.games) {
      expect(g).not.toHaveProperty('fromSheet');
      expect(g).not.toHaveProperty('seatIndex');
    }
  });
});
