import type { Response } from 'supertest';
import { formatPoints } from '../../../src/i18n';
import { adminCookie, decode, mainText } from '../../browser/site';
import { describeWithPoppler, pdfPages, pdfText, renderPage } from '../../render/poppler';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import {
  binary,
  enterResult,
  GameJson,
  pair,
  register,
  RoundJson,
  standings,
} from '../tournament-helpers';

/**
 * Standings as of any round, each player's scorecard and the division's wall chart, on pages
 * and as PDFs: a 5-player division with a spread cap of 100, a bye (+50), an absence, a single
 * forfeit (±75) and a game still pending, checked against the standings after every round.
 */
describe(`standings by round, scorecards and the wall chart (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let divisionId: number;
  let tournamentId: number;
  let players: { id: number; name: string; seed: number }[];
  let r1: RoundJson;
  let r2: RoundJson;
  let r3: RoundJson;
  /** Round 1, table 1: 450 : 200, over the cap. */
  let capped: GameJson;
  /** Round 2, table 1: the second player did not come. */
  let forfeit: GameJson;

  beforeAll(async () => {
    t = await startTestApp();
    const created = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({
        name: 'Kup kartona',
        ruleSet: 'kvizovka',
        rounds: 3,
        spreadCap: 100,
        byeSpread: 50,
        forfeitSpread: 75,
      })
      .expect(201);
    tournamentId = created.body.id;
    divisionId = created.body.divisions[0].id;
    players = await register(t, divisionId, ['Ana', 'Bora', 'Ceca', 'Đorđe', 'Ema']);

    r1 = await pair(t, divisionId);
    players = (await t.http.get(`/api/divisions/${divisionId}/players`).expect(200)).body;
    for (const g of r1.games.filter((x) => x.second !== null)) {
      const scores = g.table === 1 ? [450, 200] : [300, 280];
      const done = await enterResult(t, t.organiser, g, { scores, clocks: ['02:00', '03:00'] });
      if (g.table === 1) capped = done;
    }
    // Ema is away for round 2: not paired, no bye.
    const ema = players.find((p) => p.name === 'Ema')!;
    await t.http
      .post(`/api/players/${ema.id}/absences`)
      .set(t.organiser)
      .send({ round: 2 })
      .expect(200);
    r2 = await pair(t, divisionId);
    for (const g of r2.games.filter((x) => x.second !== null)) {
      if (g.table === 1) {
        const res = await t.http
          .put(`/api/games/${g.id}/result`)
          .set(t.organiser)
          .send({ kind: 'forfeit', absent: 1 })
          .expect(200);
        forfeit = res.body as GameJson;
      } else {
        await enterResult(t, t.organiser, g, { scores: [310, 320], clocks: ['01:00', '01:00'] });
      }
    }
    r3 = await pair(t, divisionId);
    // Table 1 of round 3 has a result; the others are still being played.
    const first = r3.games.find((g) => g.table === 1 && g.second !== null)!;
    await enterResult(t, t.organiser, first, { scores: [333, 300], clocks: ['01:00', '01:00'] });
  });
  afterAll(async () => {
    await t.close();
  });

  const page = async (path: string): Promise<string> =>
    mainText((await t.http.get(path).expect(200)).text);

  /** The cells of a scorecard row (`<tr id="round-N">`) as text. */
  const scorecardRow = async (playerId: number, round: number, lang = ''): Promise<string[]> => {
    const html = (await t.http.get(`/players/${playerId}${lang}`).expect(200)).text;
    const row = new RegExp(`<tr id="round-${round}">([\\s\\S]*?)</tr>`).exec(html);
    expect([playerId, round, row !== null]).toEqual([playerId, round, true]);
    return [...row![1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) =>
      mainText(m[1].replace(/<[^>]+>/g, ' '))
        .replace(/\s+/g, ' ')
        .trim(),
    );
  };
  // Columns of a scorecard row: round, opponent (who moved first, table), result (and scores),
  // the round's spread, the record and the total spread after it.
  const [OPPONENT, RESULT, SPREAD, RECORD, TOTAL] = [1, 2, 3, 4, 5];

  test('every scorecard line equals the standings after its round, for every player', async () => {
    for (const n of [1, 2, 3]) {
      const table = await standings(t, divisionId, n);
      for (const row of table.rows) {
        const cells = await scorecardRow(row.playerId, n);
        // record = points – (losses + draws/2); total = the standings' spread after round n
        const record = `${formatPoints(row.points)}–${formatPoints(row.losses + row.draws / 2)}`;
        const total = row.spread > 0 ? `+${row.spread}` : String(row.spread);
        expect([n, row.name, cells[RECORD], cells[TOTAL]]).toEqual([n, row.name, record, total]);
      }
    }
  });

  test('the lines say what happened: cap, bye, forfeit, absence, pending', async () => {
    // 450 − 200 = +250, counted +100 (the cap); the loser −100 (−250 played)
    const winner = await scorecardRow(capped.first.id, 1);
    expect(winner[OPPONENT]).toBe(`#${capped.second!.seed} ${capped.second!.name} prvi · Sto 1`);
    expect([winner[RESULT], winner[SPREAD]]).toEqual(['pobeda 450 : 200', '+100 (+250)']);
    expect((await scorecardRow(capped.second!.id, 1))[SPREAD]).toBe('-100 (-250)');
    // the bye of round 1: a win with the bye spread, +50
    const bye = r1.games.find((g) => g.second === null)!;
    const byeLine = await scorecardRow(bye.first.id, 1);
    expect([byeLine[RESULT], byeLine[SPREAD], byeLine[RECORD]]).toEqual(['slobodan', '+50', '1–0']);
    // the forfeit: +75 to the player present, −75 to the absent one, no scores
    const present = await scorecardRow(forfeit.first.id, 2);
    expect([present[RESULT], present[SPREAD]]).toEqual(['pobeda (kontumacijom)', '+75']);
    expect((await scorecardRow(forfeit.second!.id, 2, '?lang=en'))[RESULT]).toBe(
      'loss (by forfeit)',
    );
    const ema = players.find((p) => p.name === 'Ema')!;
    expect((await scorecardRow(ema.id, 2))[RESULT]).toBe('izostao');
    const pending = r3.games.find((g) => g.table === 2 && g.second !== null)!;
    expect((await scorecardRow(pending.first.id, 3))[RESULT]).toBe('igra se');
    // the cap is explained under the card
    expect(await page(`/players/${capped.first.id}`)).toContain('najviše ±100 razlike');
  });

  test('the wall chart: players by seed, each round’s opponent number, result and record', async () => {
    const html = (await t.http.get(`/divisions/${divisionId}/wallchart`).expect(200)).text;
    const order = [...html.matchAll(/<tr id="seed-(\d+)"/g)].map((m) => Number(m[1]));
    expect(order).toEqual([1, 2, 3, 4, 5]);
    const winnerRow = new RegExp(`<tr id="seed-${capped.first.seed}"[^>]*>([\\s\\S]*?)</tr>`).exec(
      html,
    )![1];
    // round 1: moved first (●), won (P) against the opponent's number; 1–0 and +100 after it
    expect(winnerRow).toContain(
      `●P ${capped.second!.seed}<br><span class="small muted">1–0 +100</span>`,
    );
    expect(await page(`/divisions/${divisionId}/wallchart?lang=sr-Cyrl`)).toContain('Зидна табела');
    expect(await page(`/divisions/${divisionId}/wallchart?lang=en`)).toContain('Wall chart');
    // linked from the division's tabs and the tournament list
    const standingsHtml = (await t.http.get(`/divisions/${divisionId}/standings`).expect(200)).text;
    expect(standingsHtml).toContain(`href="/divisions/${divisionId}/wallchart"`);
    expect(standingsHtml).toContain(`href="/divisions/${divisionId}/wallchart.pdf"`);
    expect(standingsHtml).toContain(`href="/divisions/${divisionId}/scorecards.pdf"`);
    const list = (await t.http.get(`/tournaments/${tournamentId}`).expect(200)).text;
    expect(list).toContain(`href="/divisions/${divisionId}/wallchart"`);
  });

  test("the organiser's tournament page links the wall chart and every scorecard", async () => {
    const cookie = await adminCookie(t);
    const html = (
      await t.http.get(`/organiser/tournaments/${tournamentId}`).set('Cookie', cookie).expect(200)
    ).text;
    expect(html).toContain(`href="/divisions/${divisionId}/wallchart"`);
    expect(html).toContain(`href="/divisions/${divisionId}/scorecards.pdf"`);
  });

  test('standings as of a round: a selector of rounds, the PDF of that round, kept apart in the cache', async () => {
    const after1 = await t.http.get(`/divisions/${divisionId}/standings?round=1`).expect(200);
    const html1 = decode(after1.text);
    expect(html1).toContain(
      `<a href="/divisions/${divisionId}/standings?round=1" aria-current="page">1. kolo</a>`,
    );
    expect(html1).toContain(`href="/divisions/${divisionId}/standings?round=2"`);
    expect(html1).toContain(`href="/divisions/${divisionId}/standings.pdf?round=1"`);
    expect(mainText(after1.text)).toContain('posle 1. kola');
    const after2 = await t.http.get(`/divisions/${divisionId}/standings?round=2`).expect(200);
    expect(mainText(after2.text)).toContain('posle 2. kola');
    expect(after2.headers.etag).not.toBe(after1.headers.etag);
    // a stray parameter is the same page (the canonical path is the cache key)
    const again = await t.http.get(`/divisions/${divisionId}/standings?round=1&x=1`).expect(200);
    expect(again.headers.etag).toBe(after1.headers.etag);
  });

  test('a round that is no number or out of range is a 400 naming the parameter', async () => {
    for (const bad of ['abc', '-1', '1.5', '4', '99']) {
      const api = await t.http.get(`/api/divisions/${divisionId}/standings?round=${bad}`);
      expect([bad, api.status]).toEqual([bad, 400]);
      expect(api.body.message).toContain('round');
      const html = await t.http.get(`/divisions/${divisionId}/standings?round=${bad}`);
      expect([bad, html.status]).toEqual([bad, 400]);
      expect(mainText(html.text)).toContain('Parametar „round” (kolo)');
      await t.http.get(`/divisions/${divisionId}/standings.pdf?round=${bad}`).expect(400);
    }
    const api = await t.http.get(`/api/divisions/${divisionId}/standings?round=4`).expect(400);
    expect(api.body).toMatchObject({ code: 'ROUND_OUT_OF_RANGE', details: { min: 0, max: 3 } });
    const en = await t.http.get(`/divisions/${divisionId}/standings?round=4&lang=en`).expect(400);
    expect(mainText(en.text)).toContain('The parameter “round” must be from 0 to 3');
    await t.http.get('/players/99999').expect(404);
    await t.http.get('/players/99999/scorecard.pdf').expect(404);
    await t.http.get('/divisions/99999/wallchart').expect(404);
    await t.http.get('/divisions/99999/wallchart.pdf').expect(404);
  });

  test('a kept scorecard and wall chart change when a result comes in', async () => {
    const pending = r3.games.find((g) => g.table === 2 && g.second !== null)!;
    expect((await scorecardRow(pending.first.id, 3))[RESULT]).toBe('igra se');
    const before = (await t.http.get(`/divisions/${divisionId}/wallchart`).expect(200)).text;
    await enterResult(t, t.organiser, pending, { scores: [301, 300], clocks: ['01:00', '01:00'] });
    // 301 − 300 = +1
    const line = await scorecardRow(pending.first.id, 3);
    expect([line[RESULT], line[SPREAD]]).toEqual(['pobeda 301 : 300', '+1']);
    const after = (await t.http.get(`/divisions/${divisionId}/wallchart`).expect(200)).text;
    expect(after).not.toBe(before);
    const table = await standings(t, divisionId, 3);
    const row = table.rows.find((r) => r.playerId === pending.first.id)!;
    expect(line[TOTAL]).toBe(row.spread > 0 ? `+${row.spread}` : String(row.spread));
  });

  test('the API: a scorecard and the wall chart as JSON, as of any round', async () => {
    const card = (await t.http.get(`/api/players/${capped.first.id}/scorecard`).expect(200)).body;
    expect(card).toMatchObject({ playerId: capped.first.id, round: 3, spreadCap: 100 });
    expect(card.lines).toHaveLength(3);
    // 450 − 200 = +250 as played, +100 counted
    expect(card.lines[0]).toMatchObject({
      round: 1,
      kind: 'win',
      opponentId: capped.second!.id,
      opponentSeed: capped.second!.seed,
      first: true,
      score: 450,
      opponentScore: 200,
      spread: 100,
      gameSpread: 250,
      capped: true,
      wins: 1,
      losses: 0,
      runningSpread: 100,
    });
    const early = (
      await t.http.get(`/api/players/${capped.first.id}/scorecard?round=1`).expect(200)
    ).body;
    expect([early.round, early.lines.length]).toEqual([1, 1]);
    for (const n of [1, 2, 3]) {
      const chart = (
        await t.http.get(`/api/divisions/${divisionId}/wallchart?round=${n}`).expect(200)
      ).body;
      expect(chart.rows.map((r: { seed: number }) => r.seed)).toEqual([1, 2, 3, 4, 5]);
      const table = await standings(t, divisionId, n);
      for (const row of chart.rows as {
        playerId: number;
        wins: number;
        spread: number;
        cells: unknown[];
      }[]) {
        const s = table.rows.find((x) => x.playerId === row.playerId)!;
        expect([n, row.playerId, row.cells.length, row.wins, row.spread]).toEqual([
          n,
          row.playerId,
          n,
          s.points,
          s.spread,
        ]);
      }
    }
    const bad = await t.http.get(`/api/divisions/${divisionId}/wallchart?round=9`).expect(400);
    expect(bad.body.message).toContain('round');
    await t.http.get(`/api/players/${capped.first.id}/scorecard?round=x`).expect(400);
    await t.http.get('/api/players/99999/scorecard').expect(404);
    await t.http.get('/api/divisions/99999/wallchart').expect(404);
  });

  const pdf = async (path: string): Promise<{ body: Buffer; res: Response }> => {
    const res = await t.http
      .get(path)
      .buffer(true)
      .parse(binary as never)
      .expect(200)
      .expect('Content-Type', 'application/pdf');
    return { body: res.body as Buffer, res };
  };

  test('the PDFs have file names that say what and which round', async () => {
    const cases: [string, RegExp][] = [
      [`/divisions/${divisionId}/wallchart.pdf`, /^wallchart-kup-kartona-open-round-3\.pdf$/],
      [`/divisions/${divisionId}/scorecards.pdf`, /^scorecards-kup-kartona-open-round-3\.pdf$/],
      [
        `/players/${players.find((p) => p.name === 'Đorđe')!.id}/scorecard.pdf`,
        /^scorecard-kup-kartona-djordje-round-3\.pdf$/,
      ],
      [`/divisions/${divisionId}/standings.pdf?round=1`, /^standings-kup-kartona-.*-round-1\.pdf$/],
    ];
    for (const [path, name] of cases) {
      const { res } = await pdf(path);
      expect(/filename="([^"]+)"/.exec(res.headers['content-disposition'])![1]).toMatch(name);
    }
  });

  describeWithPoppler('PDF text and pictures (pdftotext, pdftoppm)', () => {
    test('the wall chart: landscape, every name, the cells, drawn', async () => {
      const { body } = await pdf(`/divisions/${divisionId}/wallchart.pdf`);
      const text = pdfText(body);
      expect(text).toContain('Zidna tabela');
      for (const p of players) expect(text).toContain(p.name);
      expect(text).toContain('1–0 +100');
      // rounds 1 to 3 of 3 planned: the header's columns
      expect(pdfText(body, true)).toMatch(/# +Ime +1 +2 +3 +Učinak/);
      const picture = renderPage(body, 1);
      expect(picture.width).toBeGreaterThan(picture.height);
      expect(picture.inked).toBeGreaterThan(0.01);
    });

    test('every scorecard: one page a player, in seed order, with the capped spread', async () => {
      const { body } = await pdf(`/divisions/${divisionId}/scorecards.pdf`);
      const pages = pdfPages(body);
      expect(pages).toHaveLength(players.length);
      players.forEach((p, i) => expect(pages[i]).toContain(`Karton igrača: ${p.name}`));
      expect(pages[capped.first.seed - 1]).toContain('+100 (+250)');
      expect(pages[capped.first.seed - 1]).toContain('450 : 200');
      expect(renderPage(body, 1).inked).toBeGreaterThan(0.01);
    });

    test('one scorecard in Cyrillic and in English; the standings PDF of round 1', async () => {
      const { body } = await pdf(`/players/${forfeit.first.id}/scorecard.pdf?lang=sr-Cyrl`);
      const text = pdfText(body);
      expect(text).toContain(`Картон играча: ${forfeit.first.name}`);
      expect(text).toContain('победа (контумацијом)');
      const en = pdfText((await pdf(`/players/${forfeit.second!.id}/scorecard.pdf?lang=en`)).body);
      expect(en).toContain('loss (by forfeit)');
      expect(en).toContain('-75');
      const round1 = await pdf(`/divisions/${divisionId}/standings.pdf?round=1`);
      expect(pdfText(round1.body)).toContain('posle 1. kola');
      expect(renderPage(round1.body, 1).inked).toBeGreaterThan(0.01);
    });
  });
});
