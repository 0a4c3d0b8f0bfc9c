import { signInCookie } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import {
  createTournament,
  enterResult,
  pair,
  register,
  scoreSheet,
  type GameJson,
} from '../tournament-helpers';

/**
 * A round's results on one page (/judge/divisions/:id/rounds/:n/results), posted without the
 * page's script: the lines typed as in TSH and the grid's cells, saved in one transaction with
 * each game's version checked, or not at all.
 */
describe(`a round's results on one page (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let judge: string;
  beforeAll(async () => {
    t = await startTestApp();
    judge = await signInCookie(t, 'judge');
  });
  afterAll(async () => {
    await t.close();
  });

  const text = (html: string) =>
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/\s+/g, ' ');
  const pageUrl = (divisionId: number, round: number) =>
    `/judge/divisions/${divisionId}/rounds/${round}/results`;
  const open = async (divisionId: number, round: number) =>
    (await t.http.get(pageUrl(divisionId, round)).set('Cookie', judge).expect(200)).text;
  /** Each table's version as the page gives it (`t12_v`). */
  const versions = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/name="t(\d+)_v" value="(\d+)"/g)].map((m) => [`t${m[1]}_v`, m[2]]),
    );
  const post = (divisionId: number, round: number, body: Record<string, string>) =>
    t.http
      .post(pageUrl(divisionId, round))
      .set('Cookie', judge)
      .set('Origin', t.url)
      .type('form')
      .send(body);
  const games = async (divisionId: number, round: number) =>
    (
      (await t.http.get(`/api/divisions/${divisionId}/rounds/${round}`).expect(200)).body as {
        games: GameJson[];
      }
    ).games.sort((a, b) => a.table - b.table);

  test('a 50-table round in one post: lines and grid, a forfeit, an absence, a double forfeit; a version conflict saves nothing', async () => {
    const { divisionId } = await createTournament(
      t,
      {
        name: 'Kup pedeset stolova',
        ruleSet: 'kvizovka',
        rounds: 3,
      },
      [judge],
    );
    await register(
      t,
      divisionId,
      Array.from({ length: 100 }, (_, i) => `Igrač ${String(i + 1).padStart(3, '0')}`),
    );
    const round = await pair(t, divisionId);
    expect(round.games).toHaveLength(50);

    const html = await open(divisionId, 1);
    expect(text(html)).toContain('Rezultati 1. kola');
    const read = versions(html);
    expect(Object.keys(read)).toHaveLength(50);

    // Every table as a line but 1 and 2, typed in the grid; 10 a forfeit (the second player
    // did not come), 11 an absence of the first, 12 a double forfeit; 20 a time loss.
    const score = (table: number) => [300 + table, 280 + ((table * 7) % 50)];
    const lines: string[] = [];
    for (let table = 3; table <= 50; table++) {
      if (table === 10) lines.push('10 f2');
      else if (table === 11) lines.push('11 a1');
      else if (table === 12) lines.push('12 ff');
      else if (table === 20) lines.push('20 350 400 2:00 -0:30');
      else lines.push(`${table} ${score(table).join(' ')} ${table % 10}:0${table % 6} 1:15`);
    }
    const body = {
      ...read,
      lines: lines.join('\n'),
      t1_s1: '410',
      t1_s2: '390',
      t1_c1: '04:00',
      t1_c2: '00:30',
      t2_kind: '',
      t2_s1: '350',
      t2_s2: '351',
      t2_c1: '1:00',
      t2_c2: '2:00',
    };

    // Between the page's opening and its post, table 7 gets a result elsewhere.
    const before = await games(divisionId, 1);
    await enterResult(t, t.organiser, before[6], {
      scores: [333, 222],
      clocks: ['01:00', '01:00'],
    });
    const conflict = await post(divisionId, 1, body).expect(409);
    expect(text(conflict.text)).toContain('Sto 7:');
    expect(text(conflict.text)).toContain('Ništa nije sačuvano');
    // What was typed stays on the page.
    expect(conflict.text).toContain('10 f2');
    expect(conflict.text).toMatch(/name="t1_s1" value="410"/);
    const afterConflict = await games(divisionId, 1);
    expect(afterConflict.filter((g) => g.status === 'complete').map((g) => g.table)).toEqual([7]);

    // The page offers table 7's new version: posted again, its line replaces the result.
    const again = versions(conflict.text);
    expect(again.t7_v).toBe(String(before[6].version + 1));
    const saved = await post(divisionId, 1, { ...body, ...again }).expect(303);
    expect(saved.headers.location).toBe(`${pageUrl(divisionId, 1)}?done=round&n=50`);
    const notice = await t.http.get(saved.headers.location).set('Cookie', judge).expect(200);
    expect(text(notice.text)).toContain('Sačuvano rezultata: 50.');

    const after = await games(divisionId, 1);
    expect(after.every((g) => g.status === 'complete')).toBe(true);
    const at = (table: number) => after[table - 1];
    expect(at(1).result).toMatchObject({ scores: [410, 390], winner: 'first', source: 'result' });
    expect(at(2).result).toMatchObject({ scores: [350, 351], remaining: ['01:00', '02:00'] });
    expect(at(7).result).toMatchObject({
      scores: score(7),
      winner: score(7)[0] > score(7)[1] ? 'first' : 'second',
    });
    expect(at(10).result).toMatchObject({ kind: 'forfeit', absent: 1, winner: 'first' });
    expect(at(11).result).toMatchObject({ kind: 'forfeit', absent: 0, winner: 'second' });
    expect(at(12).result).toMatchObject({ kind: 'double-forfeit', winner: 'none' });
    // 350 : 400, but the second player's clock ran out: the first wins on time.
    expect(at(20).result).toMatchObject({ scores: [350, 400], winner: 'first', timeLoss: 1 });
    for (let table = 3; table <= 50; table++) {
      if ([7, 10, 11, 12, 20].includes(table)) continue;
      expect(at(table).result?.scores).toEqual(score(table));
    }

    // Posting the page as it now stands changes nothing.
    const now = await open(divisionId, 1);
    const unchanged = await post(divisionId, 1, { ...versions(now), lines: '' }).expect(303);
    expect(unchanged.headers.location).toContain('n=0');
  });

  test('a bad line is a 422 naming its table, and nothing is stored', async () => {
    const { divisionId } = await createTournament(
      t,
      {
        name: 'Kup loših redova',
        ruleSet: 'kvizovka',
        rounds: 2,
      },
      [judge],
    );
    await register(t, divisionId, ['Ana', 'Bora', 'Ceca', 'Dule', 'Ema', 'Filip']);
    await pair(t, divisionId);
    const read = versions(await open(divisionId, 1));
    const lines = ['1 400 300 1:00 1:00', '2 400', '3 400 300 1:00 1:00'].join('\n');
    const bad = await post(divisionId, 1, { ...read, lines }).expect(422);
    const said = text(bad.text);
    expect(said).toContain('Sto 2: Očekuje se poena: 2, upisano: 1.');
    expect(bad.text).toMatch(/<tr id="row-2"[^>]*class="bad"/);
    // Table 1's line is good: the page says what it gives.
    expect(said).toMatch(/Pobeda: \w+/);
    expect((await games(divisionId, 1)).every((g) => g.status === 'pending')).toBe(true);

    // A clock above the start, an unknown word, a table that is not there.
    const worse = await post(divisionId, 1, {
      ...read,
      lines: '1 400 300 61:00 1:00\n2 400 300 1:00 1:00 zz\n9 1 2',
    }).expect(422);
    const worseText = text(worse.text);
    expect(worseText).toContain('Sto 1: Sedište 1: 61:00 je više od');
    expect(worseText).toContain('Sto 2: Nepoznata reč „zz” u redu.');
    expect(worseText).toContain('U ovom kolu nema stola „9”.');
    // Equal scores in Kvizovka are decided by the clocks: no figure asked, a draw only on both.
    const draw = await post(divisionId, 1, { ...read, lines: '1 400 400 1:00 1:00' }).expect(303);
    expect(draw.headers.location).toContain('n=1');
    expect((await games(divisionId, 1))[0].result).toMatchObject({ winner: 'draw' });
  });

  test("a game's verified sheet is not replaced without the line's box ticked", async () => {
    const { divisionId } = await createTournament(
      t,
      {
        name: 'Kup zapisnika',
        ruleSet: 'kvizovka',
        rounds: 2,
      },
      [judge],
    );
    await register(t, divisionId, ['Ana', 'Bora', 'Ceca', 'Dule']);
    const [g] = (await pair(t, divisionId)).games.sort((a, b) => a.table - b.table);
    const { sheet } = scoreSheet([g.first.name, g.second!.name], 5);
    const entered = (
      await t.http.put(`/api/games/${g.id}/scoresheet`).set(t.organiser).send(sheet).expect(200)
    ).body as GameJson;
    const [a, b] = entered.result!.scores!;

    const html = await open(divisionId, 1);
    expect(text(html)).toContain(`Overen zapisnik ${a}–${b}`);
    expect(html).toContain(`href="/judge/games/${g.id}/scoresheet"`);
    const read = versions(html);
    const line = `${g.table} ${a + 10} ${b} 1:00 1:00`;

    const refused = await post(divisionId, 1, { ...read, lines: line }).expect(422);
    expect(text(refused.text)).toContain(`Sto ${g.table}: Partija ima overen zapisnik (${a}–${b})`);
    await t.http.get(`/api/games/${g.id}/scoresheet`).expect(200);
    expect((await t.http.get(`/api/games/${g.id}`).expect(200)).body).toMatchObject({
      version: entered.version,
      result: { scores: [a, b], source: 'scoresheet' },
    });

    // Ticked: the sheet goes, the typed result stands, both in the game's history.
    const replaced = await post(divisionId, 1, {
      ...read,
      lines: line,
      [`t${g.table}_ok`]: '1',
    }).expect(303);
    expect(replaced.headers.location).toContain('n=1');
    await t.http.get(`/api/games/${g.id}/scoresheet`).expect(404);
    expect((await t.http.get(`/api/games/${g.id}`).expect(200)).body.result).toMatchObject({
      scores: [a + 10, b],
      source: 'result',
    });
    const history = (await t.http.get(`/api/games/${g.id}/history`).expect(200)).body as {
      action: string;
    }[];
    expect(history.map((h) => h.action)).toEqual([
      'scoresheet',
      'scoresheet-removed',
      'correction',
    ]);
  });

  test('tables of four: one line a table, a score a seat, a seat that did not come', async () => {
    const { divisionId } = await createTournament(
      t,
      {
        name: 'Quivit na jednoj stranici',
        ruleSet: 'quivit',
        rounds: 2,
        pairingPlan: ['seeded', 'swiss'],
        tableSize: 4,
      },
      [judge],
    );
    await register(t, divisionId, ['Ana', 'Bora', 'Ceca', 'Dule', 'Eva', 'Filip', 'Goca', 'Hana']);
    await pair(t, divisionId);
    const html = await open(divisionId, 1);
    // One row a table, four score cells in it.
    expect(html.match(/<tr id="row-\d+"/g)).toHaveLength(2);
    expect(html).toMatch(/name="t1_s4"/);
    const read = versions(html);

    // Equal scores in Quivit are decided by the cards: asked for, by the seats that tie.
    const tie = await post(divisionId, 1, { ...read, lines: '1 30 30 25 10' }).expect(422);
    expect(text(tie.text)).toContain('Sto 1: Jednaki poeni (sedišta 1, 2): upišite karte.');

    const saved = await post(divisionId, 1, {
      ...read,
      lines: '1 30 30 25 10 c9/7/5/3\n2 40 - 35 30',
    }).expect(303);
    expect(saved.headers.location).toContain('n=2');
    const [one, two] = (await games(divisionId, 1)) as (GameJson & {
      version: number;
      seats: {
        player: { id: number; name: string };
        score: number | null;
        place: number | null;
        cards: number | null;
      }[];
    })[];
    expect(one.seats.map((s) => [s.score, s.place, s.cards])).toEqual([
      [30, 1, 9],
      [30, 2, 7],
      [25, 3, 5],
      [10, 4, 3],
    ]);
    // Seat 2 did not come: no score, the last place; the others placed among themselves.
    expect(two.seats.map((s) => [s.score, s.place])).toEqual([
      [40, 1],
      [null, 4],
      [35, 2],
      [30, 3],
    ]);
    // The page shows the absence as it was typed: `-` in the seat's score.
    expect(await open(divisionId, 1)).toMatch(/name="t2_s2" value="-"/);

    // The table's own result form says the same, and marks a seat absent by its box.
    const form = await t.http.get(`/judge/games/${two.id}/result`).set('Cookie', judge).expect(200);
    expect(form.text).toMatch(/name="absent2" value="1" checked/);
    expect(form.text).not.toMatch(/name="absent3" value="1" checked/);
    await t.http
      .post(`/judge/games/${two.id}/result`)
      .set('Cookie', judge)
      .set('Origin', t.url)
      .type('form')
      .send({
        version: String(two.version),
        score1: '40',
        absent2: '1',
        score2: '',
        absent3: '1',
        score3: '',
        score4: '30',
      })
      .expect(303);
    const corrected = (await t.http.get(`/api/games/${two.id}`).expect(200)).body as typeof two;
    expect(corrected.seats.map((s) => [s.score, s.place])).toEqual([
      [40, 1],
      [null, 4],
      [null, 4],
      [30, 2],
    ]);
    // Nobody came: the table's double forfeit, every seat last.
    await t.http
      .post(`/judge/games/${one.id}/result`)
      .set('Cookie', judge)
      .set('Origin', t.url)
      .type('form')
      .send({
        version: String(one.version),
        absent1: '1',
        absent2: '1',
        absent3: '1',
        absent4: '1',
      })
      .expect(303);
    const nobody = (await t.http.get(`/api/games/${one.id}`).expect(200)).body as typeof one;
    expect(nobody.seats.map((s) => [s.score, s.place])).toEqual([
      [null, 4],
      [null, 4],
      [null, 4],
      [null, 4],
    ]);
    // The standings: a seat that did not come takes the last place's 0 and adds no score; the
    // table's mean is of the seats present, (40 + 30) / 2 = 35: +5 and −5, not (40 + 0 + 0 +
    // 30) / 4 = 17.5. The double forfeit: every seat last, 0 points, nothing added.
    const standings = (
      await t.http.get(`/api/divisions/${divisionId}/standings?round=1`).expect(200)
    ).body as {
      rows: {
        name: string;
        points: number;
        totalScore: number;
        spread: number;
        gamesPlayed: number;
        forfeitLosses: number;
      }[];
    };
    const row = (seat: { player: { name: string } }) => {
      const r = standings.rows.find((x) => x.name === seat.player.name)!;
      return [r.points, r.totalScore, r.spread, r.gamesPlayed, r.forfeitLosses];
    };
    expect(corrected.seats.map(row)).toEqual([
      [3, 40, 5, 1, 0],
      [0, 0, 0, 1, 1],
      [0, 0, 0, 1, 1],
      [2, 30, -5, 1, 0],
    ]);
    expect(nobody.seats.map(row)).toEqual([
      [0, 0, 0, 1, 1],
      [0, 0, 0, 1, 1],
      [0, 0, 0, 1, 1],
      [0, 0, 0, 1, 1],
    ]);
    // One seat alone is no game: refused, nothing stored.
    const alone = await t.http
      .post(`/judge/games/${two.id}/result`)
      .set('Cookie', judge)
      .set('Origin', t.url)
      .type('form')
      .send({
        version: String(corrected.version),
        score1: '40',
        absent2: '1',
        absent3: '1',
        absent4: '1',
      })
      .expect(422);
    expect(text(alone.text)).toContain('Došao je samo jedan igrač za stolom');
  });
});
