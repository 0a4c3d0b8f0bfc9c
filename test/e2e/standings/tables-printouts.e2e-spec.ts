import type { Response } from 'supertest';
import { describeWithPoppler, pdfPages, pdfText, renderPage } from '../../render/poppler';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { seedTableSite, TableSite } from '../table-site';
import { binary } from '../tournament-helpers';
import { adminCookie } from '../../browser/site';

/**
 * The pages and printouts of divisions played at tables: the "met" grid instead of the
 * cross-table, the player's tables, the wall chart's places, and the PDFs (standings with
 * places, pairings with every seat, blank sheets with a column a seat, scorecards, wall chart),
 * checked against the test's own ledger and, for round 1's first table, by hand.
 */

/** The visible text of some HTML: tags out, entities read, spaces collapsed. */
const visible = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();

/** The rows of the first `<tbody>` after `marker`, each as its cells' visible texts. */
function tableRows(html: string, marker = '<tbody>'): string[][] {
  const from = html.indexOf(marker);
  const body = html.slice(from, html.indexOf('</tbody>', from));
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((m) =>
    [...m[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => visible(c[1])),
  );
}

/** Match points as printed: `2½`, `½`. */
const pts = (n: number): string =>
  Number.isInteger(n) ? String(n) : `${Math.floor(n) === 0 ? '' : Math.floor(n)}½`;

describe(`pages and printouts of tables (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let site: TableSite;

  beforeAll(async () => {
    t = await startTestApp();
    site = await seedTableSite(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const page = async (path: string): Promise<string> =>
    (
      await t.http
        .get(path)
        .expect(200)
        .expect('Content-Type', /text\/html/)
    ).text;
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
  const name = (seed: number) => site.names.get(site.bySeed.get(seed)!)!;

  test('round 1, table 1 by hand: the seeded snake put seeds 1, 8, 9, 14 there', () => {
    const t1 = site.rounds[0].games[0];
    expect(t1.seats!.map((s) => s.player.seed)).toEqual([1, 8, 9, 14]);
    // Scores 10 + (7·seed + 5) mod 17: seed 1 → 22, 8 → 10 + 61 mod 17 = 20, 9 → 10 + 68 mod 17 = 10,
    // 14 → 10 + 103 mod 17 = 11: places 1, 2, 4, 3; points 3, 2, 0, 1 (one per player behind).
    expect(t1.seats!.map((s) => [s.score, s.place])).toEqual([
      [22, 1],
      [20, 2],
      [10, 4],
      [11, 3],
    ]);
  });

  test('the "met" grid stands in for the cross-table: every two players, how often at one table', async () => {
    const html = await page(`/divisions/${site.quivit}/crosstable?lang=en`);
    expect(html).toContain('Who met whom');
    expect(html).not.toContain('W-D-L');
    // The tab and the tournament list name it so too.
    expect(html).toContain(`aria-current="page">Who met whom</a>`);
    const home = await page(`/tournaments/${site.tournamentId}?lang=en`);
    expect(home).toContain(`<a href="/divisions/${site.quivit}/crosstable">Who met whom</a>`);
    expect(home).not.toContain('Cross-table');
    const rows = tableRows(html);
    expect(rows).toHaveLength(14);
    // The ledger's count of each pair, over rounds 1 to 3 (round 3 seated, not played, counts:
    // the players are at one table).
    const met = new Map<string, number>();
    for (const r of site.rounds) {
      for (const g of r.games) {
        const ids = g.seats!.map((s) => s.player.id);
        for (const a of ids)
          for (const b of ids) if (a !== b) met.set(`${a} ${b}`, (met.get(`${a} ${b}`) ?? 0) + 1);
      }
    }
    const head = [
      ...html.slice(html.indexOf('<thead>'), html.indexOf('</thead>')).matchAll(/#<\/abbr>(\d+)/g),
    ].map((m) => Number(m[1]));
    expect(head).toHaveLength(14);
    for (const row of rows) {
      const seed = Number(/^#(\d+)/.exec(row[1])![1]);
      const id = site.bySeed.get(seed)!;
      row.slice(3).forEach((cell, j) => {
        const other = site.bySeed.get(head[j])!;
        const expected =
          other === id ? '×' : String(met.get(`${id} ${other}`) ?? '').replace(/^0$/, '');
        expect([seed, head[j], cell]).toEqual([seed, head[j], expected]);
      });
      // Three rounds at tables of 3 or 4: 2 or 3 others a round, so 6 to 9 meetings in all.
      const total = row.slice(3).reduce((s, c) => s + (Number(c) || 0), 0);
      expect(total).toBeGreaterThanOrEqual(6);
      expect(total).toBeLessThanOrEqual(9);
    }
    // Seed 1's row: round 1 at table 1 with seeds 8, 9 and 14 (once each at least).
    const one = rows.find((r) => r[1].startsWith('#1 '))!;
    for (const s of [8, 9, 14]) expect(Number(one[3 + head.indexOf(s)])).toBeGreaterThanOrEqual(1);
    // In Serbian too, both scripts.
    expect(await page(`/divisions/${site.quivit}/crosstable?lang=sr-Latn`)).toContain(
      'Ko je s kim igrao',
    );
    expect(await page(`/divisions/${site.quivit}/crosstable?lang=sr-Cyrl`)).toContain(
      'Ко је с ким играо',
    );
  });

  test("a player's page lists their tables: table/seat, the others, score, place, points, so far", async () => {
    const id = site.bySeed.get(1)!;
    const html = await page(`/players/${id}?lang=en`);
    const rows = tableRows(html);
    expect(rows).toHaveLength(3);
    // Round 1: table 1, seat 1; the others in turn order with their scores and places;
    // 22, 1st, 3 points (one for each of the three behind), 3 so far.
    // The round, with table/seat under it on a phone (where the table/seat column is hidden).
    expect(rows[0][0]).toBe('1 1/1');
    expect(rows[0][1]).toBe('1/1');
    expect(rows[0][2]).toBe(
      `${name(8)} (seat 2) 20 · place 2 ${name(9)} (seat 3) 10 · place 4 ${name(14)} (seat 4) 11 · place 3`,
    );
    expect(rows[0].slice(3)).toEqual(['22', '1.', '3', '3']);
    // Round 2 from the ledger; round 3 seated and still playing.
    const mine = site.ledger.filter((l) => l.player === id);
    const r2 = mine.find((l) => l.round === 2)!;
    expect(rows[1].slice(3)).toEqual([
      String(r2.score),
      `${r2.place}.`,
      pts(r2.points),
      pts(3 + r2.points),
    ]);
    expect(rows[1][1]).toBe(`${r2.table}/${r2.seat}`);
    expect(rows[2][4]).toBe('playing');
    // The place links to the table's page.
    expect(html).toContain(`<a href="/games/${site.rounds[0].games[0].id}">1.</a>`);
    // The standing beside the card: the API's points and table spread (22 − 15.75 = +6.25 after round 1).
    const api = (await t.http.get(`/api/divisions/${site.quivit}/standings`).expect(200)).body as {
      rows: { playerId: number; points: number; spread: number }[];
    };
    const row = api.rows.find((r) => r.playerId === id)!;
    expect(row.points).toBe(3 + r2.points);
    expect(visible(html)).toContain('Spread on the table average');
    // Serbian: the seat is the turn order, the place a place.
    const sr = visible(await page(`/players/${id}?lang=sr-Latn`));
    expect(sr).toContain(`${name(8)} (2. na potezu) 20 · 2. mesto`);
  });

  test("every player's points so far on the page add up to the ledger", async () => {
    for (const [id] of site.seedOf) {
      const rows = tableRows(await page(`/players/${id}?lang=en`));
      const points = site.ledger.filter((l) => l.player === id).reduce((s, l) => s + l.points, 0);
      expect([id, rows[2][6]]).toEqual([id, pts(points)]);
    }
  });

  test('the wall chart: place and table/seat a round, points so far below', async () => {
    const html = await page(`/divisions/${site.quivit}/wallchart?lang=en`);
    const rows = tableRows(html);
    expect(rows).toHaveLength(14);
    // Seed 1, round 1: 1st at table 1, seat 1, 3 points so far.
    expect(rows[0][0]).toBe(`1 ${name(1)}`);
    expect(rows[0][1]).toBe('1. · 1/1 3');
    for (const row of rows) {
      const seed = Number(row[0].split(' ')[0]);
      const id = site.bySeed.get(seed)!;
      const mine = site.ledger.filter((l) => l.player === id);
      const r2 = mine.find((l) => l.round === 2)!;
      const total = mine.reduce((s, l) => s + l.points, 0);
      expect(row[2]).toBe(`${r2.place}. · ${r2.table}/${r2.seat} ${pts(total)}`);
      // Round 3 is seated and pending: table/seat alone.
      const r3 = site.rounds[2].games.find((g) => g.seats!.some((s) => s.player.id === id))!;
      const seat = r3.seats!.findIndex((s) => s.player.id === id) + 1;
      expect(row[3]).toBe(`${r3.table}/${seat}`);
    }
    expect(visible(html)).toContain('the place at the table');
    // The last column is the match points, not a record of wins and losses.
    expect(html).toContain('<th class="num">Points</th>');
  });

  test("a person's page lists their tables with the others and the place, and places instead of W-D-L", async () => {
    const id = site.bySeed.get(9)!;
    const personId = (
      (await t.http.get(`/api/players/${id}`).expect(200)).body as { personId: number }
    ).personId;
    const person = (await t.http.get(`/api/persons/${personId}`).expect(200)).body as {
      events: { wins: number; draws: number; losses: number; places?: number[] }[];
      games: {
        round: number;
        outcome: string;
        opponent: string | null;
        score: number | null;
        table?: { seat: number; seats: number; place: number | null; others: { name: string }[] };
      }[];
    };
    // Round 1 by hand: seed 9 sat third at table 1 (seeds 1, 8, 9, 14) and scored 10, 4th.
    expect(person.games[0]).toMatchObject({
      round: 1,
      outcome: 'placed',
      opponent: null,
      score: 10,
      table: { seat: 3, seats: 4, place: 4 },
    });
    expect(person.games[0].table!.others.map((o) => o.name)).toEqual([name(1), name(8), name(14)]);
    // Round 3 is seated and still playing; the places so far are the ledger's.
    expect(person.games[2]).toMatchObject({ round: 3, outcome: 'pending', score: null });
    const places = [0, 0, 0, 0];
    for (const l of site.ledger.filter((x) => x.player === id)) places[l.place - 1]++;
    expect(person.events[0]).toMatchObject({ wins: 0, draws: 0, losses: 0, places });
    const html = await page(`/persons/${personId}?lang=en`);
    expect(html).not.toContain('W-D-L');
    expect(visible(html)).toContain(places.join('-'));
    expect(visible(html)).toContain(`${name(1)} 22 · place 1`);
    expect(visible(html)).toContain('place 4 10');
  });

  test("the organiser's rounds page lists every seat of a table and lets any two seats swap", async () => {
    const cookie = await adminCookie(t);
    const html = (
      await t.http
        .get(`/organiser/divisions/${site.quivit}/rounds?lang=en`)
        .set('Cookie', cookie)
        .expect(200)
    ).text;
    const round3 = html.slice(html.indexOf('id="round-3"'));
    const lists = [...round3.matchAll(/<ol class="seats">([\s\S]*?)<\/ol>/g)].map((m) =>
      [...m[1].matchAll(/<li>([\s\S]*?)<\/li>/g)].map((li) => visible(li[1]).replace(/^● /, '')),
    );
    expect(lists.slice(0, site.rounds[2].games.length)).toEqual(
      site.rounds[2].games.map((g) => g.seats!.map((s) => s.player.name)),
    );
    // Round 3 has no result yet: the swap offers all 14 players, seats 3 and 4 too.
    const select = /<select id="swap-a-3"[^>]*>([\s\S]*?)<\/select>/.exec(html)![1];
    const options = [...select.matchAll(/<option value="(\d+)">/g)].map((m) => Number(m[1]));
    expect(options.sort((a, b) => a - b)).toEqual([...site.seedOf.keys()].sort((a, b) => a - b));
  });

  test('the projector shows the round a line a seat, never as pairs', async () => {
    const html = await page(`/divisions/${site.quivit}/projector?lang=en`);
    const rows = [...html.matchAll(/<tbody>([\s\S]*?)<\/tbody>/g)].flatMap((b) =>
      [...b[1].matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((m) =>
        [...m[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => visible(c[1])),
      ),
    );
    // Round 3's 14 seats, table and seat on each line, still playing.
    expect(rows).toEqual(
      site.rounds[2].games.flatMap((g) =>
        g.seats!.map((s, i) => [String(g.table), String(i + 1), s.player.name, '–']),
      ),
    );
    expect(html).not.toContain('Moves second');
  });

  test('a table typed without a score sheet has no game record to print, as any game without one', async () => {
    const game = site.rounds[0].games[0].id;
    const en = await t.http.get(`/games/${game}/record.pdf?lang=en`).expect(404);
    expect(en.headers['content-type']).toMatch(/text\/html/);
  });

  describeWithPoppler('PDFs of tables (pdftotext, pdftoppm)', () => {
    test('standings: points, places, total score, table spread and cards, then the met grid', async () => {
      const { body, res } = await pdf(`/divisions/${site.quivit}/standings.pdf?round=1&lang=en`);
      expect(res.headers['content-disposition']).toMatch(
        /standings-kup-cacka-za-stolovima-.*-round-1\.pdf/,
      );
      const text = pdfText(body, true);
      expect(text).not.toContain('W-D-L');
      expect(text).toContain('Spread on the table average');
      // Seed 1 after round 1: 3 points, first once (1-0-0-0), 22, +6.25, 9 cards (5 + 4 mod 11).
      const line = text.split('\n').find((l) => l.includes(name(1)))!;
      expect(line.replace(/\s+/g, ' ')).toMatch(/1\. Ana Petrović .* 3 1-0-0-0 22 \+6\.25 9$/);
      const pages = pdfPages(body);
      expect(pages.length).toBeGreaterThanOrEqual(2);
      expect(pages[pages.length - 1]).toContain('Who met whom');
      expect(renderPage(body, 1).inked).toBeGreaterThan(0.01);
      const met = await pdf(`/divisions/${site.quivit}/standings.pdf?only=crosstable&lang=sr-Latn`);
      expect(pdfText(met.body)).toContain('Ko je s kim igrao');
    });

    test('pairings: every seat of every table in turn order, then the players A–Z', async () => {
      const { body } = await pdf(`/divisions/${site.quivit}/rounds/3/pairings.pdf?lang=en`);
      const pages = pdfPages(body);
      const lines = pdfText(body, true)
        .split('\n')
        .map((l) => l.trim().replace(/\s+/g, ' '));
      for (const g of site.rounds[2].games) {
        g.seats!.forEach((s, i) => {
          const at = lines.findIndex((l) => l.includes(s.player.name));
          expect([s.player.name, lines[at]]).toEqual([
            s.player.name,
            expect.stringMatching(
              new RegExp(`^${i === 0 ? `${g.table} ` : ''}${i + 1} ${s.player.name}`),
            ),
          ]);
        });
      }
      expect(pages[1]).toContain('Players A–Z');
      expect(renderPage(body, 1).inked).toBeGreaterThan(0.01);
      // Round 1 with its results: seed 1 at table 1, 22, 1st.
      const done = pdfText(
        (await pdf(`/divisions/${site.quivit}/rounds/1/pairings.pdf`)).body,
        true,
      );
      expect(
        done
          .split('\n')
          .find((l) => l.includes(name(1)))!
          .replace(/\s+/g, ' ')
          .trim(),
      ).toMatch(/^1 1 Ana Petrović \(Klub \d\) 22 1\.$/);
    });

    test('blank sheets: a landscape page a table, a column a seat, the right game', async () => {
      const quivit = await pdf(`/divisions/${site.quivit}/rounds/3/sheets.pdf?lang=en`);
      const pages = pdfPages(quivit.body);
      // Quivit has 5 turns a player: each table on one page.
      expect(pages).toHaveLength(site.rounds[2].games.length);
      site.rounds[2].games.forEach((g, i) => {
        expect(pages[i]).toContain(`Table ${g.table}`);
        for (const s of g.seats!) expect(pages[i]).toContain(s.player.name);
        expect(pages[i]).toContain('Cards taken');
        expect(pages[i]).not.toContain('Word');
        expect(pages[i]).toContain(`seat ${g.seats!.length}`);
      });
      const picture = renderPage(quivit.body, 1);
      expect(picture.width).toBeGreaterThan(picture.height);
      expect(picture.inked).toBeGreaterThan(0.02);

      const target = await pdf(`/divisions/${site.target}/rounds/1/sheets.pdf?lang=en`);
      const text = pdfText(target.body);
      expect(text).toContain('Target score 200');
      expect(text).toContain('Word');
      expect(text).not.toContain('Cards taken');
      for (const g of site.targetRound.games)
        for (const s of g.seats!) expect(text).toContain(s.player.name);
      // No turn limit: 25 rows a seat at least, over two pages a table.
      expect(text).toMatch(/\b25\b/);
      expect(pdfPages(target.body).length).toBeGreaterThanOrEqual(site.targetRound.games.length);
    });

    test("scorecards and wall chart: each player's tables, figures as on the page", async () => {
      const { body } = await pdf(`/divisions/${site.quivit}/scorecards.pdf?lang=en`);
      const pages = pdfPages(body);
      expect(pages).toHaveLength(14);
      const first = pdfText(body, true).split('\f')[0];
      // Seed 1, round 1: 1/1, the others with scores and places, 22, 1., 3, 3.
      const line = first.split('\n').find((l) => /^\s*1\s+1\/1/.test(l))!;
      expect(line.replace(/\s+/g, ' ').trim()).toMatch(
        new RegExp(
          `^1 1/1 ${name(8)} 20 \\(2\\.\\); ${name(9)} 10 \\(4\\.\\); ${name(14)} 11 \\(3\\.\\) 22 1\\. 3 3$`,
        ),
      );
      const one = await pdf(`/players/${site.bySeed.get(1)}/scorecard.pdf?lang=sr-Cyrl`);
      expect(pdfPages(one.body)).toHaveLength(1);
      expect(pdfText(one.body)).toContain('За столом');

      const wall = await pdf(`/divisions/${site.quivit}/wallchart.pdf?lang=en`);
      const wallText = pdfText(wall.body);
      expect(wallText).toContain('1. · 1/1');
      expect(wallText).toContain('the place at the table');
      expect(renderPage(wall.body, 1).inked).toBeGreaterThan(0.01);
    });
  });
});
