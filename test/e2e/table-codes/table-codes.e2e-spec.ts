import Database from 'better-sqlite3';
import { readFileSync } from 'fs';
import jsQR from 'jsqr';
import { join } from 'path';
import { Client } from 'pg';
import { PNG } from 'pngjs';
import { adminCookie, decode, inputValue, mainText, signInCookie } from '../../browser/site';
import { pdfText, POPPLER, renderPage } from '../../render/poppler';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import {
  binary,
  createTournament,
  GameJson,
  pair,
  readVersion,
  register,
  scoreSheet,
  standings,
} from '../tournament-helpers';

interface SeatCode {
  seat: number;
  player: { id: number; name: string };
  code: string;
  url: string;
}
interface GameCodes {
  gameId: number;
  table: number;
  seats: SeatCode[];
}
interface Submission {
  id: number;
  ok: boolean;
  status: string;
  from: { seat: number; player: { name: string } };
  confirmedBy: { seat: number }[];
  waitingFor: { seat: number; player: { name: string } }[];
  note: string | null;
}
interface Desk {
  counts: Record<string, number>;
  tables: {
    table: number;
    status: string;
    resultIn: boolean;
    sheetOk: boolean | null;
    submissions: Submission[];
  }[];
}

/**
 * Results from the tables, through HTTP as phones send them: each seat's code, a sheet sent by
 * one player and confirmed by the other becoming the result, a sheet with faults sent to the
 * judges' desk, returned and sent again, one left unconfirmed until a judge accepts it; codes
 * that expire with their round, grant nothing beyond their game, and wrong ones throttled.
 */
describe(`score sheets from the tables, by code (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let judge: { Authorization: string };
  beforeAll(async () => {
    t = await startTestApp();
    judge = await t.account('judge');
  });
  afterAll(async () => {
    await t.close();
  });

  test('a round whose results all come from the tables, with the desk between', async () => {
    const { divisionId } = await createTournament(
      t,
      {
        name: 'Kup stolova',
        ruleSet: 'kvizovka',
        rounds: 2,
      },
      [judge],
    );
    await register(t, divisionId, ['Ana', 'Bora', 'Ceca', 'Dule', 'Ema', 'Filip']);
    const round = await pair(t, divisionId);
    const anonymous = await t.http.get(`/api/divisions/${divisionId}/rounds/1/codes`).expect(401);
    expect(anonymous.body.code).toBeDefined();
    const codes = (
      await t.http.get(`/api/divisions/${divisionId}/rounds/1/codes`).set(judge).expect(200)
    ).body as GameCodes[];
    expect(codes.map((c) => c.seats.length)).toEqual([2, 2, 2]);
    for (const c of codes.flatMap((g) => g.seats)) expect(c.code).toMatch(/^[0-9A-Z]{10}$/);
    // Asked again, the same codes: what was printed stays good.
    const again = (
      await t.http.get(`/api/divisions/${divisionId}/rounds/1/codes`).set(judge).expect(200)
    ).body as GameCodes[];
    expect(again).toEqual(codes);
    const game = (table: number) => round.games.find((g) => g.table === table)!;
    const codeOf = (table: number, seat: number) =>
      codes.find((c) => c.table === table)!.seats[seat - 1].code;
    const sheetOf = (table: number, seed: number) =>
      scoreSheet([game(table).first.name, game(table).second!.name], seed).sheet;

    // The code opens its game, whoever holds it; typed in lower case with the printed space.
    const typed = `${codeOf(1, 1).slice(0, 5).toLowerCase()} ${codeOf(1, 1).slice(5)}`;
    const opened = await t.http.get(`/api/codes/${encodeURIComponent(typed)}`).expect(200);
    expect(opened.body.you).toMatchObject({ seat: 1, player: { name: game(1).first.name } });
    expect(opened.body.players).toEqual([game(1).first.name, game(1).second!.name]);

    // Table 1: the first player sends, the second confirms: the result is in.
    const sheet1 = sheetOf(1, 31);
    const sent1 = (
      await t.http
        .post(`/api/codes/${codeOf(1, 1)}/sheet`)
        .send(sheet1)
        .expect(201)
    ).body as Submission;
    expect(sent1).toMatchObject({ ok: true, status: 'waiting' });
    expect(sent1.waitingFor.map((w) => w.player.name)).toEqual([game(1).second!.name]);
    const own = await t.http
      .post(`/api/codes/${codeOf(1, 1)}/confirm`)
      .send({ submission: sent1.id })
      .expect(409);
    expect(own.body.code).toBe('OWN_SUBMISSION');
    const confirmed1 = (
      await t.http
        .post(`/api/codes/${codeOf(1, 2)}/confirm`)
        .send({ submission: sent1.id })
        .expect(200)
    ).body as Submission;
    expect(confirmed1.status).toBe('accepted');
    const game1 = (await t.http.get(`/api/games/${game(1).id}`).expect(200)).body as GameJson;
    expect(game1.result).toMatchObject({ source: 'scoresheet', scores: sheet1.claimed!.final });
    const late = await t.http
      .post(`/api/codes/${codeOf(1, 2)}/sheet`)
      .send(sheet1)
      .expect(409);
    expect(late.body.message).toContain('table 1 is in: ask a judge');
    // The confirm sent again (its answer lost on the way) is answered as the first was; the
    // sender's own code still cannot confirm, and finds the result in.
    const confirmedAgain = await t.http
      .post(`/api/codes/${codeOf(1, 2)}/confirm`)
      .send({ submission: sent1.id })
      .expect(200);
    expect(confirmedAgain.body).toEqual(confirmed1);
    const senderAgain = await t.http
      .post(`/api/codes/${codeOf(1, 1)}/confirm`)
      .send({ submission: sent1.id })
      .expect(409);
    expect(senderAgain.body.code).toBe('RESULT_IN');

    // A code is for its own game only: table 2's code cannot confirm table 1's sheet.
    const foreign = await t.http
      .post(`/api/codes/${codeOf(2, 2)}/confirm`)
      .send({ submission: sent1.id })
      .expect(404);
    expect(foreign.body.message).toContain('of this table');
    // A sheet that is not the game's is refused, naming the players, and nothing is kept.
    const wrongPlayers = await t.http
      .post(`/api/codes/${codeOf(2, 1)}/sheet`)
      .send(sheetOf(1, 32))
      .expect(422);
    expect(wrongPlayers.body.message).toContain(game(2).first.name);

    // Table 2: a sheet with a wrong score goes to the desk; the judge returns it; the table
    // sends it right and the opponent confirms.
    const faulty = sheetOf(2, 33);
    faulty.turns[0] = { ...faulty.turns[0], score: (faulty.turns[0].score ?? 0) + 3 };
    const sent2 = (
      await t.http
        .post(`/api/codes/${codeOf(2, 1)}/sheet`)
        .send(faulty)
        .expect(201)
    ).body as Submission;
    expect(sent2.ok).toBe(false);
    // Table 3: a sheet without fault that nobody confirms.
    const sent3 = (
      await t.http
        .post(`/api/codes/${codeOf(3, 2)}/sheet`)
        .send(sheetOf(3, 34))
        .expect(201)
    ).body as Submission;
    let desk = (
      await t.http.get(`/api/divisions/${divisionId}/rounds/1/desk`).set(judge).expect(200)
    ).body as Desk;
    expect(desk.counts).toEqual({ done: 1, flagged: 1, unconfirmed: 1, 'no-result': 0 });
    // The tables to look at come first: the faulty sheet, then the unconfirmed one.
    expect(desk.tables.map((x) => [x.table, x.status])).toEqual([
      [2, 'flagged'],
      [3, 'unconfirmed'],
      [1, 'done'],
    ]);
    const returned = (
      await t.http
        .post(`/api/submissions/${sent2.id}/return`)
        .set(judge)
        .send({ note: 'Turn 1: the score is 3 too many' })
        .expect(200)
    ).body as Submission;
    expect(returned).toMatchObject({ status: 'returned', note: 'Turn 1: the score is 3 too many' });
    // The sender's form holds the sheet as sent, to mend one cell rather than type it again.
    const mend = (await t.http.get(`/t/${codeOf(2, 1)}/sheet?lang=sr-Latn`).expect(200)).text;
    expect(mainText(mend)).toContain('Obrazac ima poslednji poslati zapisnik');
    expect(inputValue(mend, 'c-0-score')).toBe(String(faulty.turns[0].score));
    expect(inputValue(mend, 'c-0-position')).toBe(faulty.turns[0].play!.split(' ')[0]);
    // Table 3's other player reads the sheet and its result before confirming it.
    const toConfirm = decode(
      (await t.http.get(`/t/${codeOf(3, 1)}?lang=sr-Latn`).expect(200)).text,
    );
    expect(toConfirm).toContain('Pogledajte zapisnik: potezi, poeni, nalazi i tabla');
    expect(toConfirm).toContain(sheetOf(3, 34).turns[0].play!);
    expect(toConfirm).toMatch(/Pobeda: |Nerešeno/);
    expect(toConfirm).toContain('Potvrđujem ovaj zapisnik');
    const sheet2 = sheetOf(2, 33);
    const resent = (
      await t.http
        .post(`/api/codes/${codeOf(2, 1)}/sheet`)
        .send(sheet2)
        .expect(201)
    ).body as Submission;
    expect(resent.ok).toBe(true);
    await t.http
      .post(`/api/codes/${codeOf(2, 2)}/confirm`)
      .send({ submission: resent.id })
      .expect(200);
    // The unconfirmed sheet: a judge accepts it from the desk (a table cannot).
    await t.http.post(`/api/submissions/${sent3.id}/accept`).expect(401);
    await t.http.post(`/api/submissions/${sent3.id}/accept`).set(judge).expect(200);
    desk = (await t.http.get(`/api/divisions/${divisionId}/rounds/1/desk`).set(judge).expect(200))
      .body as Desk;
    expect(desk.counts).toEqual({ done: 3, flagged: 0, unconfirmed: 0, 'no-result': 0 });
    const table = await standings(t, divisionId);
    expect(table.pendingGames).toBe(0);
    expect(table.rows.reduce((s, r) => s + r.wins, 0)).toBe(3);

    // Every sheet sent and confirmed is in the game's history, with the seat that sent it.
    const history = (await t.http.get(`/api/games/${game(2).id}/history`).expect(200)).body as {
      action: string;
      by: { name: string } | null;
    }[];
    expect(history.map((h) => h.action)).toEqual([
      'sheet-sent',
      'sheet-returned',
      'sheet-sent',
      'sheet-confirmed',
      'scoresheet',
    ]);
    expect(history[0].by!.name).toContain(`${game(2).first.name} (seat 1, table code`);

    // Round 2 paired: round 1's codes have expired.
    await pair(t, divisionId);
    const expired = await t.http.get(`/api/codes/${codeOf(3, 1)}`).expect(410);
    expect(expired.body.message).toContain('round 2 is paired');
  });

  test("a judge's own sheet that disagrees with the rules is counted at the desk, which the judge's pages and the rounds page lead to", async () => {
    const { id: tournamentId, divisionId } = await createTournament(
      t,
      {
        name: 'Kup sudijskog stola',
        ruleSet: 'kvizovka',
        rounds: 2,
      },
      [judge],
    );
    await register(t, divisionId, ['Ana', 'Bora', 'Ceca', 'Dule']);
    const round = await pair(t, divisionId);
    const [one, two] = [1, 2].map((n) => round.games.find((g) => g.table === n)!);
    const sheetOf = (g: typeof one, seed: number) =>
      scoreSheet([g.first.name, g.second!.name], seed).sheet;
    // Table 1: the judge types a sheet whose first score is 3 too many; it is stored, faults and
    // all, and its figures are the result. Table 2: a sheet without fault.
    const faulty = sheetOf(one, 41);
    faulty.turns[0] = { ...faulty.turns[0], score: (faulty.turns[0].score ?? 0) + 3 };
    const entered = await t.http
      .put(`/api/games/${one.id}/scoresheet`)
      .set(judge)
      .send(faulty)
      .expect(200);
    expect(entered.body.scoresheet.ok).toBe(false);
    await t.http
      .put(`/api/games/${two.id}/scoresheet`)
      .set(judge)
      .send(sheetOf(two, 42))
      .expect(200);
    const desk = async () =>
      (await t.http.get(`/api/divisions/${divisionId}/rounds/1/desk`).set(judge).expect(200))
        .body as Desk;
    let seen = await desk();
    expect(seen.counts).toEqual({ done: 1, flagged: 1, unconfirmed: 0, 'no-result': 0 });
    expect(
      seen.tables.map((x) => [x.table, x.status, x.resultIn, x.sheetOk, x.submissions.length]),
    ).toEqual([
      [1, 'flagged', true, false, 0],
      [2, 'done', true, true, 0],
    ]);
    // The desk's page says so, in Serbian, and leads to the sheet to correct it.
    const cookie = await signInCookie(t, 'judge', [tournamentId]);
    const deskUrl = `/judge/divisions/${divisionId}/rounds/1/desk`;
    const page = mainText(
      (await t.http.get(`${deskUrl}?lang=sr-Latn`).set('Cookie', cookie).expect(200)).text,
    );
    expect(page).toContain(
      'Zapisnik se ne slaže s pravilima: 1 · čeka potvrdu: 0 · bez rezultata: 0 · gotovo: 1',
    );
    expect(page).toContain('Sto 1 · rezultat upisan, ali se zapisnik ne slaže s pravilima');
    expect(page).toContain('Sto 2 · rezultat upisan');
    // The sheet corrected: the table is done.
    await t.http
      .put(`/api/games/${one.id}/scoresheet`)
      .set(judge)
      .set(await readVersion(t, `/api/games/${one.id}`))
      .send(sheetOf(one, 41))
      .expect(200);
    seen = await desk();
    expect(seen.counts).toEqual({ done: 2, flagged: 0, unconfirmed: 0, 'no-result': 0 });

    // The way there: the judge's first page names the last round's desk of each division paired,
    const link = `href="${deskUrl}"`;
    const home = (await t.http.get('/judge?lang=sr-Latn').set('Cookie', cookie).expect(200)).text;
    expect(home).toContain(link);
    expect(mainText(home)).toContain('Sudijski sto, 1. kolo');
    // and beside the desk, that round's results on one page.
    const resultsUrl = `/judge/divisions/${divisionId}/rounds/1/results`;
    expect(home).toMatch(
      new RegExp(
        `href="${deskUrl}">Sudijski sto, 1\\. kolo</a> ·\\s*<a href="${resultsUrl}">Rezultati 1\\. kola</a>`,
      ),
    );
    await t.http.get(`${resultsUrl}?lang=sr-Latn`).set('Cookie', cookie).expect(200);
    // every page of the division has a tab to it for a judge, and none for a visitor,
    for (const path of ['standings', 'pairings', 'crosstable', 'wallchart']) {
      const judged = (
        await t.http.get(`/divisions/${divisionId}/${path}?lang=sr-Latn`).set('Cookie', cookie)
      ).text;
      expect([path, judged.includes(link)]).toEqual([path, true]);
      const visited = (await t.http.get(`/divisions/${divisionId}/${path}?lang=sr-Latn`)).text;
      expect([path, visited.includes('/desk')]).toEqual([path, false]);
    }
    // and the organiser's rounds page has each round's.
    await pair(t, divisionId);
    const rounds = (
      await t.http
        .get(`/organiser/divisions/${divisionId}/rounds?lang=sr-Latn`)
        .set('Cookie', await adminCookie(t))
        .expect(200)
    ).text;
    expect(rounds).toContain(link);
    expect(rounds).toContain(`href="/judge/divisions/${divisionId}/rounds/2/desk"`);
    const judgeHome = (await t.http.get('/judge').set('Cookie', cookie).expect(200)).text;
    expect(judgeHome).toContain(`href="/judge/divisions/${divisionId}/rounds/2/desk"`);
  });

  test("the round's blank sheets carry each player's code and QR code, for judges' copies only", async () => {
    const { id, divisionId } = await createTournament(t, {
      name: 'Papir',
      ruleSet: 'kvizovka',
      rounds: 1,
    });
    await register(t, divisionId, ['Ana', 'Bora']);
    const round = await pair(t, divisionId);
    const cookie = await signInCookie(t, 'judge', [id]);
    // A judge of another tournament is staff too, but not this tournament's.
    const stranger = await signInCookie(t, 'judge');
    const pdf = async (withCookie?: string) => {
      const req = t.http.get(`/divisions/${divisionId}/rounds/1/sheets.pdf`);
      if (withCookie) void req.set('Cookie', withCookie);
      return (await req.buffer(true).parse(binary).expect(200)).body as Buffer;
    };
    const judged = await pdf(cookie);
    const [codes] = (
      await t.http.get(`/api/divisions/${divisionId}/rounds/1/codes`).set(t.organiser).expect(200)
    ).body as GameCodes[];
    expect(codes.gameId).toBe(round.games[0].id);
    if (!POPPLER) return;
    const text = pdfText(judged);
    // Printed in two groups of five, by seat.
    for (const s of codes.seats) {
      expect(text).toContain(`${s.seat}: ${s.code.slice(0, 5)} ${s.code.slice(5)}`);
    }
    // A visitor's copy of the same sheets has no code on it, nor has another tournament's judge's.
    const visitors = pdfText(await pdf());
    for (const s of codes.seats) expect(visitors).not.toContain(s.code.slice(0, 5));
    const strangers = pdfText(await pdf(stranger));
    for (const s of codes.seats) expect(strangers).not.toContain(s.code.slice(0, 5));
    // The QR codes read back from the rendered page, each where it is drawn (left of the table
    // number, one after the other, in the top tenth of an A4 page): each seat's phone page.
    const page = PNG.sync.read(renderPage(judged, 1, 200).png);
    const qrAt = (from: number, to: number) => {
      const [x0, x1, h] = [from * page.width, to * page.width, 0.1 * page.height].map(Math.floor);
      const w = x1 - x0;
      const crop = new Uint8ClampedArray(w * h * 4);
      for (let y = 0; y < h; y++) {
        const row = (y * page.width + x0) * 4;
        crop.set(page.data.subarray(row, row + w * 4), y * w * 4);
      }
      return jsQR(crop, w, h)?.data;
    };
    const read = [qrAt(0.53, 0.63), qrAt(0.63, 0.73)].map((url) =>
      url ? new URL(url).pathname : null,
    );
    expect(read).toEqual(codes.seats.map((s) => s.url));
  });

  test('a table of three: one sends, both others confirm, then it is the result; its sheets carry three codes', async () => {
    const sheet = JSON.parse(
      readFileSync(
        join(
          __dirname,
          '..',
          '..',
          'fixtures',
          'scrabble-target',
          '02-target-late-mover.sheet.json',
        ),
        'utf8',
      ),
    ) as { players: string[] };
    const { id, divisionId } = await createTournament(t, {
      name: 'Do 50 za stolom',
      ruleSet: 'scrabble-target',
      options: { targetScore: 50 },
      rounds: 1,
      pairingPlan: ['seeded'],
      tableSize: 3,
    });
    await register(t, divisionId, sheet.players);
    const round = await pair(t, divisionId);
    const [codes] = (
      await t.http.get(`/api/divisions/${divisionId}/rounds/1/codes`).set(t.organiser).expect(200)
    ).body as GameCodes[];
    expect(codes.seats.map((s) => s.player.name)).toEqual(sheet.players);
    const sent = (
      await t.http.post(`/api/codes/${codes.seats[0].code}/sheet`).send(sheet).expect(201)
    ).body as Submission;
    const once = (
      await t.http
        .post(`/api/codes/${codes.seats[1].code}/confirm`)
        .send({ submission: sent.id })
        .expect(200)
    ).body as Submission;
    // One confirmation of two: still waiting, for the third player.
    expect(once.status).toBe('waiting');
    expect(once.waitingFor.map((w) => w.player.name)).toEqual([sheet.players[2]]);
    // The same sheet sent again from the same seat (a phone whose answer was lost on the venue's
    // Wi-Fi) is the one waiting, not a new one that would drop the confirmation already given.
    const resent = (
      await t.http.post(`/api/codes/${codes.seats[0].code}/sheet`).send(sheet).expect(201)
    ).body as Submission;
    expect([resent.id, resent.status, resent.confirmedBy.map((c) => c.seat)]).toEqual([
      sent.id,
      'waiting',
      [2],
    ]);
    const table = (await t.http.get(`/api/codes/${codes.seats[2].code}`).expect(200)).body as {
      submissions: Submission[];
    };
    expect(table.submissions.map((x) => [x.id, x.status])).toEqual([[sent.id, 'waiting']]);
    const twice = (
      await t.http
        .post(`/api/codes/${codes.seats[2].code}/confirm`)
        .send({ submission: sent.id })
        .expect(200)
    ).body as Submission;
    expect(twice.status).toBe('accepted');
    const game = (await t.http.get(`/api/games/${round.games[0].id}`).expect(200)).body as {
      seats: { score: number; place: number }[];
    };
    // Ana 58, Ben 15, Cleo 60: places 2, 3, 1.
    expect(game.seats.map((x) => [x.score, x.place])).toEqual([
      [58, 2],
      [15, 3],
      [60, 1],
    ]);
    if (!POPPLER) return;
    const cookie = await signInCookie(t, 'organiser', [id]);
    const pdf = (
      await t.http
        .get(`/divisions/${divisionId}/rounds/1/sheets.pdf`)
        .set('Cookie', cookie)
        .buffer(true)
        .parse(binary)
        .expect(200)
    ).body as Buffer;
    const text = pdfText(pdf);
    for (const s of codes.seats) {
      expect(text).toContain(`${s.seat}: ${s.code.slice(0, 5)} ${s.code.slice(5)}`);
    }
  });

  test("a confirm whose server fails between the result and its sheet's mark stores neither; sent again, it enters both", async () => {
    const { id, divisionId } = await createTournament(t, {
      name: 'Kup nestanka struje',
      ruleSet: 'kvizovka',
      rounds: 1,
    });
    await register(t, divisionId, ['Ana', 'Bora', 'Ceca', 'Dule']);
    const round = await pair(t, divisionId);
    const codes = (
      await t.http.get(`/api/divisions/${divisionId}/rounds/1/codes`).set(t.organiser).expect(200)
    ).body as GameCodes[];
    const sent = new Map<number, Submission>();
    const finals = new Map<number, number[]>();
    for (const c of codes) {
      const game = round.games.find((g) => g.id === c.gameId)!;
      const { sheet } = scoreSheet([game.first.name, game.second!.name], 70 + c.table);
      finals.set(c.table, sheet.claimed!.final!);
      sent.set(
        c.table,
        (await t.http.post(`/api/codes/${c.seats[0].code}/sheet`).send(sheet).expect(201))
          .body as Submission,
      );
    }
    const resultOf = async (c: GameCodes) =>
      ((await t.http.get(`/api/games/${c.gameId}`).expect(200)).body as GameJson).result;
    const [api, phone] = codes;

    // The sheet's mark as entered fails, as a server stopped right there would leave it.
    await onDatabase(t, POWER_CUT[DATABASE_KIND].on);
    await t.http
      .post(`/api/codes/${api.seats[1].code}/confirm`)
      .send({ submission: sent.get(api.table)!.id })
      .expect(500);
    expect(await resultOf(api)).toBeNull();
    // On the phone's page: the error page leads back to the table's page to try again.
    const tablePage = `${t.url}${phone.seats[1].url}?lang=hr`;
    const failed = await t.http
      .post(`${phone.seats[1].url}/confirm?lang=hr`)
      .set({ Origin: t.url, Referer: tablePage })
      .type('form')
      .send({ submission: String(sent.get(phone.table)!.id) })
      .expect(500);
    expect(mainText(failed.text)).toContain('Pokušajte ponovno za trenutak.');
    expect(decode(failed.text)).toContain(
      `href="${phone.seats[1].url}?lang=hr">Pokušajte ponovno</a>`,
    );
    // Its language links, too, lead to the table's page: the confirm's address has no page.
    expect(decode(failed.text)).toContain(`href="${phone.seats[1].url}?lang=en" hreflang="en"`);
    expect(await resultOf(phone)).toBeNull();
    await onDatabase(t, POWER_CUT[DATABASE_KIND].off);
    // The judges' desk says those sheets are confirmed by all and not in: a judge may enter them.
    const desk = await t.http
      .get(`/judge/divisions/${divisionId}/rounds/1/desk?lang=hr`)
      .set('Cookie', await signInCookie(t, 'judge', [id]))
      .expect(200);
    expect(
      mainText(desk.text).match(/svi su potvrdili, ali nije upisan kao rezultat/g),
    ).toHaveLength(2);
    expect(mainText(desk.text).match(/Stol \d · čeka suca/g)).toHaveLength(2);
    expect(mainText(desk.text)).toContain('čeka potvrdu: 0 · čeka suca: 2 · bez rezultata: 0');

    // The phone taps again: the result and its sheet go in together.
    const confirmed = (
      await t.http
        .post(`/api/codes/${api.seats[1].code}/confirm`)
        .send({ submission: sent.get(api.table)!.id })
        .expect(200)
    ).body as Submission;
    expect(confirmed.status).toBe('accepted');
    expect(await resultOf(api)).toMatchObject({
      source: 'scoresheet',
      scores: finals.get(api.table),
    });
    // The table's page says the sheet, confirmed by all, is not in yet, and offers the confirm.
    const again = await t.http.get(`${phone.seats[1].url}?lang=hr`).expect(200);
    expect(mainText(again.text)).toContain('svi su potvrdili, ali rezultat nije upisan');
    const form =
      /<form method="post" action="([^"]+)"[^>]*>\s*<input type="hidden" name="submission" value="(\d+)">/.exec(
        again.text,
      );
    expect(form?.slice(1)).toEqual([
      `${phone.seats[1].url}/confirm`,
      String(sent.get(phone.table)!.id),
    ]);
    await t.http
      .post(`${form![1]}?lang=hr`)
      .set('Origin', t.url)
      .type('form')
      .send({ submission: form![2] })
      .expect(303)
      .expect('Location', `${phone.seats[1].url}?done=confirmed`);
    expect(await resultOf(phone)).toMatchObject({
      source: 'scoresheet',
      scores: finals.get(phone.table),
    });
  });

  test("the phone's forms refuse what they cannot read with a 400 page, never a 500", async () => {
    const { divisionId } = await createTournament(
      t,
      {
        name: 'Forme',
        ruleSet: 'kvizovka',
        rounds: 1,
      },
      [judge],
    );
    await register(t, divisionId, ['Ana', 'Bora']);
    await pair(t, divisionId);
    const [codes] = (
      await t.http.get(`/api/divisions/${divisionId}/rounds/1/codes`).set(judge).expect(200)
    ).body as GameCodes[];
    const url = codes.seats[1].url;
    // A confirmation that does not say which sheet.
    const noSheet = await t.http
      .post(`${url}/confirm?lang=en`)
      .set('Origin', t.url)
      .type('form')
      .send({})
      .expect(400);
    expect(noSheet.text).toContain('Your code: Bora, seat 2');
    // A confirmation of a sheet that is not this table's.
    await t.http
      .post(`${url}/confirm?lang=en`)
      .set('Origin', t.url)
      .type('form')
      .send({ submission: '999999' })
      .expect(404);
  });

  test('wrong codes are throttled by client: 200 guesses from one get 429 with Retry-After, unchecked', async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 200; i++) {
      const guess = `ZZZZZ${String(i).padStart(5, '0')}`;
      const res = await t.http.get(`/api/codes/${guess}`);
      statuses.push(res.status);
      if (res.status === 429) retryAfter = String(res.headers['retry-after']);
    }
    // 20 wrong ones from one client (no cookie: its address and browser) are looked up; after
    // that a wait runs, doubling from 1 s with each further wrong one, and every guess within
    // it is refused unchecked. The 200
    // guesses take far less than 2^8 s, so at most 8 more can have been looked up.
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    const checked = statuses.slice(20).filter((s) => s === 404).length;
    expect(checked).toBeLessThanOrEqual(8);
    expect(statuses.slice(20).filter((s) => s === 429).length).toBe(180 - checked);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  });
});

/** A trigger that fails the marking of a table's sheet as entered, and its removal. */
const POWER_CUT = {
  sqlite: {
    on: [
      `CREATE TRIGGER power_cut BEFORE UPDATE OF status ON sheet_submissions
         WHEN NEW.status = 'accepted' BEGIN SELECT RAISE(ABORT, 'the power went'); END`,
    ],
    off: ['DROP TRIGGER power_cut'],
  },
  postgres: {
    on: [
      `CREATE FUNCTION power_cut() RETURNS trigger LANGUAGE plpgsql
         AS $$ BEGIN RAISE EXCEPTION 'the power went'; END $$`,
      `CREATE TRIGGER power_cut BEFORE UPDATE ON sheet_submissions FOR EACH ROW
         WHEN (NEW.status = 'accepted') EXECUTE FUNCTION power_cut()`,
    ],
    off: ['DROP TRIGGER power_cut ON sheet_submissions', 'DROP FUNCTION power_cut()'],
  },
};

/** Runs statements on the test server's own database, beside the server. */
async function onDatabase(t: TestApp, statements: readonly string[]): Promise<void> {
  if (t.databaseEnv.DATABASE_URL) {
    const db = new Client({ connectionString: t.databaseEnv.DATABASE_URL });
    await db.connect();
    try {
      for (const statement of statements) await db.query(statement);
    } finally {
      await db.end();
    }
    return;
  }
  const db = new Database(t.databaseEnv.DATABASE_PATH);
  try {
    for (const statement of statements) db.exec(statement);
  } finally {
    db.close();
  }
}
