import { findRuleSet, simulateGame } from '../../../src/engine';
import { adminCookie, inputValue, mainText } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import {
  enterResult,
  exportAndImport,
  pair,
  register,
  standings,
  readVersion,
} from '../tournament-helpers';

/**
 * Each division has its own rule set, rounds, pairing plan, tie-breaks and bye spread: a
 * Scrabble side event sits beside a Kvizovka main event, and adding a division leaves the
 * running ones alone.
 */
describe(`divisions with their own settings (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const division = async (id: number) =>
    (await t.http.get(`/api/divisions/${id}`).expect(200)).body as Record<string, unknown>;

  test('a Scrabble side event with 7 rounds beside a running 5-round Kvizovka division', async () => {
    const created = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ name: 'Vikend kup', ruleSet: 'kvizovka', rounds: 5, divisions: ['Glavni'] })
      .expect(201);
    const tournamentId = created.body.id as number;
    const main = created.body.divisions[0].id as number;
    await register(t, main, ['Ana', 'Bora', 'Ceca', 'Dule']);
    await pair(t, main);

    const side = await t.http
      .post(`/api/tournaments/${tournamentId}/divisions`)
      .set(t.organiser)
      .send({
        name: 'Scrabble',
        ruleSet: 'scrabble-en',
        rounds: 7,
        tieBreaks: ['spread'],
        byeSpread: 0,
      })
      .expect(201);
    expect(side.body).toMatchObject({
      name: 'Scrabble',
      ruleSet: 'scrabble-en',
      rounds: 7,
      pairingPlan: ['swiss'],
      tieBreaks: ['spread'],
      byeSpread: 0,
    });
    // The running division keeps its rules: this used to turn it into 7 rounds of Scrabble.
    expect(await division(main)).toMatchObject({
      ruleSet: 'kvizovka',
      rounds: 5,
      tieBreaks: ['spread', 'remaining-time'],
      byeSpread: 50,
      roundsPaired: 1,
    });
    const sideId = side.body.id as number;

    // Pairing follows each division's own plan and bye spread (3 players: one bye a round).
    await register(t, sideId, ['Eve', 'Fay', 'Gus']);
    const round = await pair(t, sideId);
    const bye = round.games.find((g) => g.second === null)!;
    expect(bye.result!.scores).toEqual([0, 0]);

    // A Scrabble sheet is a game of the Scrabble division, checked by Scrabble's rules.
    const game = round.games.find((g) => g.second !== null)!;
    const { sheet } = simulateGame(findRuleSet('scrabble-en')!, 3);
    sheet.players = [game.first.name, game.second!.name];
    const put = await t.http
      .put(`/api/games/${game.id}/scoresheet`)
      .set(t.organiser)
      .send(sheet)
      .expect(200);
    const stored = await t.http.get(`/api/games/${game.id}/scoresheet`).expect(200);
    expect(stored.body.report.rules).toBe('scrabble-en');
    // And a Kvizovka sheet is not.
    const { sheet: kvizovka } = simulateGame(findRuleSet('kvizovka')!, 3);
    kvizovka.players = [game.first.name, game.second!.name];
    const other = await t.http
      .put(`/api/games/${game.id}/scoresheet`)
      .set(t.organiser)
      .set('If-Match', String(put.body.version))
      .send(kvizovka);
    expect(other.status).toBe(422);
    expect(other.body.message).toContain('scrabble-en');

    const exported = await exportAndImport(t, tournamentId);
    const again = exported.imported.divisions as unknown as Record<string, unknown>[];
    expect(again.map((d) => [d.name, d.ruleSet, d.rounds, d.byeSpread])).toEqual([
      ['Glavni', 'kvizovka', 5, 50],
      ['Scrabble', 'scrabble-en', 7, 0],
    ]);
  });

  test('changing a running division asks for confirmation; its rules are fixed once paired', async () => {
    const created = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ name: 'Klupski', ruleSet: 'kvizovka', rounds: 5, divisions: ['A', 'B'] })
      .expect(201);
    const [a, b] = (created.body.divisions as { id: number }[]).map((d) => d.id);
    await register(t, a, ['Ana', 'Bora']);
    await pair(t, a);

    const asked = await t.http
      .patch(`/api/divisions/${a}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/divisions/${a}`))
      .send({ rounds: 6, tieBreaks: ['buchholz', 'spread'] })
      .expect(409);
    expect(asked.body.code).toBe('CONFIRMATION_NEEDED');
    expect(asked.body.message).toBe(
      'division A has 1 paired round: changing rounds 5 → 6, tieBreaks ["spread","remaining-time"] → ["buchholz","spread"] affects it; send "confirm": true to change it',
    );
    expect(await division(a)).toMatchObject({ rounds: 5 });
    await t.http
      .patch(`/api/divisions/${a}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/divisions/${a}`))
      .send({ rounds: 6, tieBreaks: ['buchholz', 'spread'], confirm: true })
      .expect(200);
    expect(await division(a)).toMatchObject({ rounds: 6, tieBreaks: ['buchholz', 'spread'] });

    // A division with no round paired changes without a question.
    await t.http
      .patch(`/api/divisions/${b}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/divisions/${b}`))
      .send({ ruleSet: 'scrabble-en', rounds: 7 })
      .expect(200);
    expect(await division(b)).toMatchObject({ ruleSet: 'scrabble-en', rounds: 7 });

    const fixed = await t.http
      .patch(`/api/divisions/${a}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/divisions/${a}`))
      .send({ byeSpread: 10, confirm: true })
      .expect(409);
    expect(fixed.body.code).toBe('DIVISION_STARTED');
    const fewer = await t.http
      .patch(`/api/divisions/${a}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/divisions/${a}`))
      .send({ rounds: 0 })
      .expect(400);
    expect(fewer.body.message).toContain('rounds');
    await t.http
      .patch(`/api/divisions/${a}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/divisions/${a}`))
      .send({ name: 'Prva' })
      .expect(200);
    expect(await division(a)).toMatchObject({ name: 'Prva', rounds: 6 });
  });

  test('a spread cap counts a 450–200 game as +100/−100 in the standings, not the scores', async () => {
    const created = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ name: 'Kapa', ruleSet: 'kvizovka', rounds: 3, spreadCap: 100, divisions: ['A'] })
      .expect(201);
    const id = created.body.divisions[0].id as number;
    expect(created.body.divisions[0]).toMatchObject({ spreadCap: 100 });
    await register(t, id, ['Ana', 'Bora']);
    const round = await pair(t, id);
    const game = round.games[0];
    await enterResult(t, t.organiser, game, { scores: [450, 200], clocks: ['05:00', '04:00'] });
    const table = await standings(t, id);
    const byName = new Map(table.rows.map((r) => [r.name, r]));
    const first = game.first.name;
    const second = game.second!.name;
    // 450 − 200 = 250, capped at 100 either way; the total score stays 450.
    expect(byName.get(first)).toMatchObject({ spread: 100, totalScore: 450 });
    expect(byName.get(second)).toMatchObject({ spread: -100, totalScore: 200 });
    // Removing the cap (null) counts the whole spread again, after confirming the change.
    await t.http
      .patch(`/api/divisions/${id}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/divisions/${id}`))
      .send({ spreadCap: null, confirm: true })
      .expect(200);
    const uncapped = await standings(t, id);
    expect(uncapped.rows.find((r) => r.name === first)).toMatchObject({ spread: 250 });
  });

  test('pairing controls: club-mates and listed pairs kept apart, King of the Hill at the end, Gibsonization', async () => {
    const created = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({
        name: 'Kontrole',
        ruleSet: 'kvizovka',
        rounds: 6,
        avoidSameClub: true,
        gibsonize: true,
        kothLastRounds: 1,
        divisions: ['A'],
      })
      .expect(201);
    const id = created.body.divisions[0].id as number;
    expect(created.body.divisions[0]).toMatchObject({
      avoidSameClub: true,
      gibsonize: true,
      kothLastRounds: 1,
    });
    const clubs = ['Šabac', 'Beograd', 'šabac ', 'Niš', 'Čačak', 'Kragujevac'];
    const people = await register(t, id, ['P1', 'P2', 'P3', 'P4', 'P5', 'P6']);
    for (const [i, p] of people.entries()) {
      await t.http
        .patch(`/api/players/${p.id}`)
        .set(t.organiser)
        .set(await readVersion(t, `/api/players/${p.id}`))
        .send({ club: clubs[i] })
        .expect(200);
    }
    const seedOf = new Map(people.map((p) => [p.id, p.seed]));
    const nameOf = new Map(people.map((p) => [p.id, p.name]));
    const byName = new Map(people.map((p) => [p.name, p.id]));
    const sameClub = (a: number, b: number) =>
      clubs[people.findIndex((p) => p.id === a)].trim().toLowerCase() ===
      clubs[people.findIndex((p) => p.id === b)].trim().toLowerCase();
    // An unknown id in keepApart is refused, naming the entry.
    const stranger = await t.http
      .post(`/api/divisions/${id}/rounds`)
      .set(t.organiser)
      .send({ keepApart: [[byName.get('P2'), 99999]] })
      .expect(400);
    expect(stranger.body.message).toContain('keepApart[0]: player 99999');

    let points = new Map(people.map((p) => [p.id, 0]));
    const met = new Set<string>();
    for (let n = 1; n <= 6; n++) {
      const body = n === 1 ? { keepApart: [[byName.get('P2'), byName.get('P5')]] } : {};
      const before = [...points.entries()].sort(
        (a, b) => b[1] - a[1] || seedOf.get(a[0])! - seedOf.get(b[0])!,
      );
      const round = await pair(t, id, body);
      const tables = round.games.filter((g) => g.second !== null);
      // P1 and P3 are of one club (case and spaces aside): a Swiss round pairs them only when
      // every other way has a rematch, and then says so (King of the Hill pairs by rank).
      const clubPairs = tables.filter((g) => sameClub(g.first.id, g.second!.id));
      if (n < 6 && clubPairs.length > 0) {
        expect(round.notes.join()).toContain(
          `${clubPairs.length} pairing(s) of players to keep apart (same club or listed)`,
        );
        for (const g of clubPairs) {
          const p1 = g.first.name === 'P1' ? g.first.id : g.second!.id;
          // P1's every other opponent is a rematch by then.
          const others = people.filter((p) => p.id !== p1 && !sameClub(p.id, p1));
          expect(others.every((p) => met.has(`${p1}-${p.id}`))).toBe(true);
        }
      }
      if (n === 1) {
        const pairs = tables.map((g) => [g.first.name, g.second!.name].sort().join('-'));
        expect(pairs).not.toContain('P2-P5');
      }
      if (n === 6) {
        expect(round.system).toBe('king-of-the-hill');
        // Gibsonization, by hand from the points before the round: the leader is ahead of the
        // second by more than the 1 round left, and meets the best player who cannot reach
        // the second's points with one more win.
        const [leader, second] = before;
        // P1 has won all 5; P6 none; the others share the rest.
        expect([nameOf.get(leader[0]), leader[1]]).toEqual(['P1', 5]);
        // More points ahead than the 1 round left: P1 cannot be caught for first place.
        expect(leader[1] - second[1]).toBeGreaterThan(1);
        // Out of the race for second: one more win does not reach the second's points.
        const out = before.slice(2).filter(([, pts]) => pts + 1 < second[1]);
        expect(out.map(([pid]) => nameOf.get(pid))).toContain('P6');
        const expected = out.find(([pid]) => !met.has(`${leader[0]}-${pid}`)) ?? out[0];
        const game = tables.find((g) => g.first.id === leader[0] || g.second!.id === leader[0])!;
        const opponent = game.first.id === leader[0] ? game.second!.id : game.first.id;
        expect(nameOf.get(opponent)).toBe(nameOf.get(expected[0]));
        expect(round.notes.join()).toContain(`${leader[0]} cannot be caught for first place`);
      } else {
        expect(round.system).toBe('swiss');
      }
      // P1 wins every game and P6 loses every game; otherwise the player with fewer points
      // wins (on equal points the higher seed number), so P2–P5 end level behind P1.
      const firstWinsOver = (x: number, y: number): boolean => {
        if (nameOf.get(x) === 'P1' || nameOf.get(y) === 'P6') return true;
        if (nameOf.get(y) === 'P1' || nameOf.get(x) === 'P6') return false;
        return points.get(x)! !== points.get(y)!
          ? points.get(x)! < points.get(y)!
          : seedOf.get(x)! > seedOf.get(y)!;
      };
      const next = new Map(points);
      for (const g of tables) {
        met.add(`${g.first.id}-${g.second!.id}`).add(`${g.second!.id}-${g.first.id}`);
        const firstWins = firstWinsOver(g.first.id, g.second!.id);
        await enterResult(t, t.organiser, g, {
          scores: firstWins ? [400, 300] : [300, 400],
          clocks: ['05:00', '05:00'],
        });
        const winner = firstWins ? g.first.id : g.second!.id;
        next.set(winner, next.get(winner)! + 1);
      }
      for (const g of round.games.filter((x) => x.second === null))
        next.set(g.first.id, next.get(g.first.id)! + 1);
      points = next;
    }
  });

  test('the organiser page adds a division with its own rules and leaves the others', async () => {
    const organiser = await adminCookie(t);
    const created = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ name: 'Stranica', ruleSet: 'kvizovka', rounds: 5, divisions: ['Kvizovka'] })
      .expect(201);
    const tournamentId = created.body.id as number;
    const first = created.body.divisions[0].id as number;
    await t.http
      .post(`/organiser/tournaments/${tournamentId}/divisions`)
      .set('Origin', t.url)
      .set('Cookie', organiser)
      .type('form')
      .send({
        name: 'Scrabble',
        rules: 'scrabble-en',
        system: 'swiss',
        rounds: '7',
        byeSpread: '0',
        spreadCap: '300',
      })
      .expect(303);
    const view = (await t.http.get(`/api/tournaments/${tournamentId}`).expect(200)).body;
    expect(
      (view.divisions as Record<string, unknown>[]).map((d) => [d.name, d.ruleSet, d.rounds]),
    ).toEqual([
      ['Kvizovka', 'kvizovka', 5],
      ['Scrabble', 'scrabble-en', 7],
    ]);
    expect(view.divisions[1]).toMatchObject({ spreadCap: 300 });
    expect(await division(first)).toMatchObject({ ruleSet: 'kvizovka', rounds: 5, byeSpread: 50 });
    // The page lists each division with its own rule set and rounds.
    const page = await t.http
      .get(`/organiser/tournaments/${tournamentId}`)
      .set('Cookie', organiser)
      .expect(200);
    // Each rule set by its name in the page's language (a game's own name stays as on its box).
    expect(page.text).toContain('Scrabble (engleski)');
    const cyrillic = await t.http
      .get(`/organiser/tournaments/${tournamentId}?lang=sr-Cyrl`)
      .set('Cookie', organiser)
      .expect(200);
    expect(cyrillic.text).toContain('Scrabble (енглески)');
    expect(cyrillic.text).toContain('Квизовка');
    const english = await t.http
      .get(`/organiser/tournaments/${tournamentId}?lang=en`)
      .set('Cookie', organiser)
      .expect(200);
    expect(english.text).toContain('Scrabble (English)');
    expect(page.text).toContain(`/organiser/divisions/${first}/settings`);

    // A running division's settings change only after the page lists the changes.
    await register(t, first, ['Ana', 'Bora']);
    await pair(t, first);
    const settings = `/organiser/divisions/${first}/settings`;
    const form = await t.http.get(settings).set('Cookie', organiser).expect(200);
    expect(form.text).toContain('name="rounds"');
    // The form carries the division's version, as a browser posts it.
    const version = inputValue(form.text, 'division-version');
    const post = (fields: Record<string, string>) =>
      t.http
        .post(settings)
        .set('Origin', t.url)
        .set('Cookie', organiser)
        .type('form')
        .send({ version, ...fields });
    const asked = await post({ rounds: '6', system: 'swiss', spreadCap: '250' }).expect(200);
    const text = asked.text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Grupa već ima uparenih kola (1)');
    expect(text).toContain('Broj kola: 5 → 6');
    expect(text).toContain('Najveća razlika jedne partije: bez ograničenja → 250');
    expect(asked.text).toContain('name="confirm"');
    expect(await division(first)).toMatchObject({ rounds: 5, spreadCap: null });
    await post({ rounds: '6', system: 'swiss', spreadCap: '250', confirm: '1' }).expect(303);
    expect(await division(first)).toMatchObject({ rounds: 6, spreadCap: 250, byeSpread: 50 });
    // Fewer rounds than are paired is refused on the field.
    const fewer = await post({ rounds: '0', system: 'swiss' }).expect(400);
    expect(fewer.text).toContain('id="e-rounds"');

    // Tie-breaks: a select a place, in order, the division's own chosen (the seed is always last).
    const again = await t.http.get(settings).set('Cookie', organiser).expect(200);
    const selected = (place: number) =>
      new RegExp(`id="f-tieBreak-${place}"[^]*?<option value="([^"]*)" selected>`).exec(
        again.text,
      )?.[1];
    expect([selected(1), selected(2), selected(3)]).toEqual(['spread', 'remaining-time', '']);
    expect(again.text).not.toContain('value="cards"'); // a card game's only
    const places = (...chosen: string[]) => {
      const body = new URLSearchParams({
        version: inputValue(again.text, 'division-version'),
        rounds: '6',
        system: 'swiss',
        spreadCap: '250',
        confirm: '1',
      });
      for (const c of chosen) body.append('tieBreak', c);
      return t.http
        .post(settings)
        .set('Origin', t.url)
        .set('Cookie', organiser)
        .type('form')
        .send(body.toString());
    };
    const twice = await places('buchholz', '', 'buchholz').expect(400);
    expect(twice.text).toContain('„Buholc” se ponavlja: svaki kriterijum se bira samo jednom');
    expect(twice.text).toContain('id="e-tieBreak"');
    expect(await division(first)).toMatchObject({ tieBreaks: ['spread', 'remaining-time'] });
    await places('head-to-head', '', 'spread', '', '').expect(303);
    expect(await division(first)).toMatchObject({ tieBreaks: ['head-to-head', 'spread'] });
    // A post without the places (an older page, a script) leaves them as they are.
    const later = inputValue(
      (await t.http.get(settings).set('Cookie', organiser)).text,
      'division-version',
    );
    await t.http
      .post(settings)
      .set('Origin', t.url)
      .set('Cookie', organiser)
      .type('form')
      .send({ version: later, rounds: '6', system: 'swiss', spreadCap: '250', confirm: '1' })
      .expect(303);
    expect(await division(first)).toMatchObject({ tieBreaks: ['head-to-head', 'spread'] });
  });

  test("the new-division form starts from the tournament and the chosen rule set's own clock and tie-breaks; a closed tournament offers none", async () => {
    const organiser = await adminCookie(t);
    const created = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({ name: 'Dve igre', ruleSet: 'kvizovka', rounds: 5, divisions: ['Glavni'] })
      .expect(201);
    const tournamentId = created.body.id as number;
    const tournamentPage = `/organiser/tournaments/${tournamentId}`;
    const addDivision = (fields: Record<string, string>, lang = 'sr-Latn') =>
      t.http
        .post(`${tournamentPage}/divisions?lang=${lang}`)
        .set('Origin', t.url)
        .set('Cookie', organiser)
        .type('form')
        .send({ system: 'swiss', byeSpread: '50', forfeitSpread: '50', ...fields });
    const divisions = async () =>
      (await t.http.get(`/api/tournaments/${tournamentId}`).expect(200)).body.divisions as {
        id: number;
        name: string;
        ruleSet: string;
        options: Record<string, unknown>;
        tieBreaks: string[];
      }[];
    const text = (html: string) => mainText(html);

    // Quivit chosen, the offered 30 minutes left as they were: a card game has no game clock,
    // so the division is Quivit's own (no clock, its cards as the tie-break, not the time left).
    // This was refused as "Podešavanja ne odgovaraju pravilima." without a field.
    await addDivision({ name: 'Quivit', rules: 'quivit', rounds: '3', clockMinutes: '30' }).expect(
      303,
    );
    expect((await divisions())[1]).toMatchObject({
      name: 'Quivit',
      ruleSet: 'quivit',
      options: {},
      tieBreaks: ['spread', 'cards'],
    });

    // The form starts from the tournament again, not from the Quivit division just added.
    const form = (await t.http.get(tournamentPage).set('Cookie', organiser).expect(200)).text;
    expect(inputValue(form, 'f-rules')).toBe('kvizovka');
    expect(inputValue(form, 'f-clockMinutes')).toBe('30');
    expect(inputValue(form, 'f-rounds')).toBe('5');
    // So does the TSH file's form: the next import is not Quivit unless chosen.
    expect(inputValue(form, 'f-tsh-rules')).toBe('kvizovka');

    // Minutes typed for Quivit are refused on their field, in the page's language, with the figure.
    const typed = await addDivision({
      name: 'Quivit 2',
      rules: 'quivit',
      rounds: '3',
      clockMinutes: '20',
    }).expect(400);
    expect(typed.text).toContain('id="e-clockMinutes"');
    expect(text(typed.text)).toContain(
      'Quivit se igra bez sata partije: ostavite vreme po igraču prazno (upisano je 20 min).',
    );
    expect(inputValue(typed.text, 'f-rules')).toBe('quivit');
    const english = await addDivision(
      { name: 'Quivit 2', rules: 'quivit', rounds: '3', clockMinutes: '20' },
      'en',
    ).expect(400);
    expect(text(english.text)).toContain(
      'Quivit is played without a game clock: leave the minutes per player empty (20 min was typed).',
    );
    // Refused for another field, the clock left as offered is shown as Quivit offers it: none.
    const nameless = await addDivision({
      name: '',
      rules: 'quivit',
      rounds: '3',
      clockMinutes: '30',
    });
    expect(nameless.status).toBe(400);
    expect(inputValue(nameless.text, 'f-clockMinutes')).toBe('');
    expect(await divisions()).toHaveLength(2);

    // Scrabble with the offered 30 left: Scrabble's own 25; Kvizovka with 25 typed: 25.
    await addDivision({
      name: 'Scrabble',
      rules: 'scrabble-en',
      rounds: '7',
      clockMinutes: '30',
    }).expect(303);
    await addDivision({ name: 'Brza', rules: 'kvizovka', rounds: '5', clockMinutes: '25' }).expect(
      303,
    );
    const [, , scrabble, fast] = await divisions();
    expect(scrabble).toMatchObject({ options: {}, tieBreaks: ['spread', 'remaining-time'] });
    expect(fast).toMatchObject({ options: { clockMinutes: 25 } });

    // Quivit's settings offer the tie-breaks of a card game: the cards, not the time left.
    const quivit = (await divisions())[1].id;
    const settings = `/organiser/divisions/${quivit}/settings`;
    const page = (await t.http.get(settings).set('Cookie', organiser).expect(200)).text;
    expect(page).toContain('<option value="cards"');
    expect(page).not.toContain('<option value="remaining-time"');
    // Saving returns to the settings, with the "saved" flash.
    const body = new URLSearchParams({
      version: inputValue(page, 'division-version'),
      rounds: '4',
      system: 'swiss',
      byeSpread: '50',
    });
    for (const tb of ['cards', 'spread', '']) body.append('tieBreak', tb);
    const saved = await t.http
      .post(settings)
      .set('Origin', t.url)
      .set('Cookie', organiser)
      .type('form')
      .send(body.toString())
      .expect(303);
    expect(saved.headers.location).toBe(`${settings}?done=saved`);
    const back = (await t.http.get(saved.headers.location).set('Cookie', organiser).expect(200))
      .text;
    expect(text(back)).toContain('Sačuvano.');
    expect(await division(quivit)).toMatchObject({ rounds: 4, tieBreaks: ['cards', 'spread'] });

    // A closed tournament offers no new division, and one posted anyway is refused in words.
    await t.http
      .post(`/api/tournaments/${tournamentId}/close`)
      .set(t.organiser)
      .send({ confirm: true })
      .expect(200);
    const closed = (await t.http.get(tournamentPage).set('Cookie', organiser).expect(200)).text;
    expect(closed).not.toContain(`action="${tournamentPage}/divisions"`);
    expect(text(closed)).toContain(
      'Turnir je zatvoren: nova grupa se dodaje tek kad se turnir ponovo otvori.',
    );
    const late = await addDivision({ name: 'Kasno', rules: 'kvizovka', rounds: '5' }).expect(409);
    expect(text(late.text)).toContain('Turnir je zatvoren: rezultati su konačni.');
    const api = await t.http
      .post(`/api/tournaments/${tournamentId}/divisions`)
      .set(t.organiser)
      .send({ name: 'Kasno' })
      .expect(409);
    expect(api.body.code).toBe('TOURNAMENT_CLOSED');
    expect(await divisions()).toHaveLength(4);
  });

  test("a tournament's divisions, settings and word list copied into a new one, players optional", async () => {
    const created = await t.http
      .post('/api/tournaments')
      .set(t.organiser)
      .send({
        name: 'Kup 2026',
        ruleSet: 'kvizovka',
        rounds: 5,
        spreadCap: 200,
        divisions: ['A', 'B'],
      })
      .expect(201);
    const [a, b] = (created.body.divisions as { id: number }[]).map((d) => d.id);
    await t.http
      .patch(`/api/divisions/${b}`)
      .set(t.organiser)
      .set(await readVersion(t, `/api/divisions/${b}`))
      .send({ ruleSet: 'scrabble-en', rounds: 7, gibsonize: true })
      .expect(200);
    await register(t, a, ['Ana', 'Bora', 'Ceca']);
    await pair(t, a);
    await t.http
      .put(`/api/tournaments/${created.body.id}/word-list`)
      .set(t.organiser)
      .send({ name: 'Klupski spisak', text: 'KUĆA\nKUĆE\n' })
      .expect(200);

    const copy = await t.http
      .post(`/api/tournaments/${created.body.id}/copy`)
      .set(t.organiser)
      .send({ name: 'Kup 2027', startDate: '2027-12-04', players: true })
      .expect(201);
    expect(copy.body).toMatchObject({ name: 'Kup 2027', startDate: '2027-12-04', spreadCap: 200 });
    const divisions = copy.body.divisions as Record<string, unknown>[];
    expect(
      divisions.map((d) => [d.name, d.ruleSet, d.rounds, d.gibsonize, d.roundsPaired]),
    ).toEqual([
      ['A', 'kvizovka', 5, false, 0],
      ['B', 'scrabble-en', 7, true, 0],
    ]);
    const players = (
      await t.http.get(`/api/divisions/${divisions[0].id as number}/players`).expect(200)
    ).body as { name: string; active: boolean; joinedRound: number }[];
    expect(players.map((p) => [p.name, p.active, p.joinedRound])).toEqual([
      ['Ana', true, 1],
      ['Bora', true, 1],
      ['Ceca', true, 1],
    ]);
    const list = await t.http.get(`/api/tournaments/${copy.body.id}/word-list`).expect(200);
    expect(list.body).toMatchObject({ source: 'tournament', name: 'Klupski spisak', words: 2 });
    // Without players, the divisions are empty; a missing name is a 400 naming it.
    const bare = await t.http
      .post(`/api/tournaments/${created.body.id}/copy`)
      .set(t.organiser)
      .send({ name: 'Kup 2028' })
      .expect(201);
    expect((bare.body.divisions as { players: number }[]).map((d) => d.players)).toEqual([0, 0]);
    const nameless = await t.http
      .post(`/api/tournaments/${created.body.id}/copy`)
      .set(t.organiser)
      .send({})
      .expect(400);
    expect(nameless.body.message).toContain('name');

    // The organiser's page makes the same copy.
    const organiser = await adminCookie(t);
    const page = await t.http
      .post(`/organiser/tournaments/${created.body.id}/copy`)
      .set('Origin', t.url)
      .set('Cookie', organiser)
      .type('form')
      .send({ copyName: 'Kup 2029' })
      .expect(303);
    const newId = Number(String(page.headers.location).split('?')[0].split('/').pop());
    const made = (await t.http.get(`/api/tournaments/${newId}`).expect(200)).body;
    expect(made).toMatchObject({ name: 'Kup 2029' });
    expect((made.divisions as { name: string }[]).map((d) => d.name)).toEqual(['A', 'B']);
  });
});
