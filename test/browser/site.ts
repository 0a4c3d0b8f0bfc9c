/**
 * What the page tests (supertest and browser) share: a division with
 * Serbian names played for a round, accounts signed in through the page
 * form, and reading bits of HTML.
 */
import { randomBytes } from 'crypto';
import { ORGANISER, type Grantee, type TestApp } from '../e2e/harness';
import {
  createTournament,
  enterResult,
  GameJson,
  pair,
  register,
  RoundJson,
  scoreSheet,
} from '../e2e/tournament-helpers';

export const NAMES = [
  'Ana Petrović',
  'Đorđe Šćekić',
  'Ljubica Njegoš',
  'Marko Čačak',
  'Žarko Džepić',
  'Ćirilo Žužić',
];

export interface Site {
  tournamentId: number;
  divisionId: number;
  round: RoundJson;
  players: { id: number; name: string; seed: number }[];
  /** A game of round 1 with a result typed in (412 : 380). */
  typedGame: number;
  /** A game of round 1 with a verified score sheet. */
  sheetGame: number;
  /** A game of round 1 still without a result. */
  pendingGame: number;
}

/**
 * A Kvizovka tournament of the six players, paired for round 1, `judges` its judges: its games
 * between two players.
 */
export async function pairedRound(
  t: TestApp,
  name: string,
  rounds: number,
  judges: readonly Grantee[] = [],
): Promise<GameJson[]> {
  const { divisionId } = await createTournament(
    t,
    { name, ruleSet: 'kvizovka', rounds, divisions: ['A'] },
    judges,
  );
  await register(t, divisionId, NAMES);
  return (await pair(t, divisionId)).games.filter((g) => g.second !== null);
}

/** A tournament `Kup Čačka 2026` whose round 1 has a typed result, a sheet and a pending game. */
export async function seedSite(t: TestApp, name = 'Kup Čačka 2026'): Promise<Site> {
  const { id, divisionId } = await createTournament(t, {
    name,
    ruleSet: 'kvizovka',
    rounds: 4,
    divisions: ['Prva liga'],
  });
  const players = await register(t, divisionId, NAMES);
  const round = await pair(t, divisionId);
  const games = round.games.filter((g) => g.second !== null);
  const [typed, sheet, pending] = games;
  await enterResult(t, t.organiser, typed, { scores: [412, 380], clocks: ['03:24', '01:10'] });
  const { sheet: doc } = scoreSheet([sheet.first.name, sheet.second!.name], 11);
  await t.http.put(`/api/games/${sheet.id}/scoresheet`).set(t.organiser).send(doc).expect(200);
  return {
    tournamentId: id,
    divisionId,
    round,
    players,
    typedGame: typed.id,
    sheetGame: sheet.id,
    pendingGame: pending.id,
  };
}

/** An account made through the API; its email and password, for the sign-in form. */
export async function makeAccount(
  t: TestApp,
  role: 'judge' | 'organiser',
  tournaments: readonly number[] = [],
): Promise<{ email: string; password: string; name: string }> {
  const email = `${role}-${randomBytes(4).toString('hex')}@example.org`;
  const password = `${role}-pass-${randomBytes(4).toString('hex')}`;
  const name = role === 'judge' ? 'Sudija Šarić' : 'Organizatorka Đokić';
  await t.http
    .post('/api/users')
    .set(t.organiser)
    .send({ email, password, name, role })
    .expect(201);
  for (const id of tournaments)
    await t.grant(id, email, role === 'judge' ? 'judge' : 'co-director');
  return { email, password, name };
}

/**
 * Signs in through the page form a new account of `role` with a role in each of
 * `tournaments` (a judge's, or an organiser's as co-director); the `Cookie` header of the
 * session.
 */
export async function signInCookie(
  t: TestApp,
  role: 'judge' | 'organiser',
  tournaments: readonly number[] = [],
): Promise<string> {
  const { email, password } = await makeAccount(t, role, tournaments);
  return pageSignIn(t, email, password);
}

async function pageSignIn(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.http
    .post('/sign-in')
    .set('Origin', t.url)
    .type('form')
    .send({ username: email, password })
    .expect(303);
  const cookie = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('arbiter_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0];
}

/**
 * Signs in through the page form as the server's first organiser, its administrator (who acts
 * in every tournament); the `Cookie` header of the session.
 */
export async function adminCookie(t: TestApp): Promise<string> {
  return pageSignIn(t, ORGANISER.email, ORGANISER.password);
}

/** HTML text with the entities Handlebars writes decoded. */
export function decode(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&#x3D;/g, '=')
    .replace(/&#x60;/g, '`')
    .replace(/&amp;/g, '&');
}

/** The text of a page's `<main>`, tags removed, entities decoded, spaces collapsed. */
export function mainText(html: string): string {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? html;
  return decode(main.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The `value` of the `<input id="…">` (or the selected option of a `<select id="…">`). */
export function inputValue(html: string, id: string): string {
  const input = new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0];
  if (input) return decode(/value="([^"]*)"/.exec(input)?.[1] ?? '');
  const select = new RegExp(`<select[^>]*id="${id}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1];
  if (select === undefined) throw new Error(`no input #${id}`);
  return decode(/<option value="([^"]*)" selected>/.exec(select)?.[1] ?? '');
}

/** The content of the `<textarea id="…">`, as the browser would read it. */
export function textarea(html: string, id: string): string {
  const m = new RegExp(`<textarea[^>]*id="${id}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html);
  if (!m) throw new Error(`no textarea #${id}`);
  // The HTML parser drops one newline right after the start tag.
  return decode(m[1].replace(/^\n/, ''));
}

/** A person rated in three closed Kvizovka tournaments, the first game from a verified sheet. */
export interface RatedPerson {
  personId: number;
  tournamentIds: number[];
  /** The first tournament's game, whose result stands on its score sheet. */
  sheetGame: number;
}

/**
 * Jelena Grafikonić against Nenad Tačkić in three one-round tournaments in 2026, each closed
 * (rated): the first game from a score sheet, the others typed (Jelena wins the second, loses
 * the third). Their names are their own: no other seeded player shares their persons.
 */
export async function seedRatedPerson(t: TestApp, prefix = 'Kup grafikona'): Promise<RatedPerson> {
  const names = ['Jelena Grafikonić', 'Nenad Tačkić'];
  const days = ['2026-02-07', '2026-05-16', '2026-09-19'];
  const tournamentIds: number[] = [];
  let personId = 0;
  let sheetGame = 0;
  for (const [i, day] of days.entries()) {
    const { id, divisionId } = await createTournament(t, {
      name: `${prefix} ${i + 1}`,
      ruleSet: 'kvizovka',
      rounds: 1,
      startDate: day,
      endDate: day,
    });
    tournamentIds.push(id);
    const [jelena] = (await register(t, divisionId, names, (n) => [1620, 1540][n])) as unknown as {
      personId: number;
    }[];
    personId = jelena.personId;
    const [game] = (await pair(t, divisionId)).games;
    if (i === 0) {
      const { sheet } = scoreSheet([game.first.name, game.second!.name], 5);
      await t.http.put(`/api/games/${game.id}/scoresheet`).set(t.organiser).send(sheet).expect(200);
      sheetGame = game.id;
    } else {
      const jelenaFirst = game.first.name === names[0];
      const jelenaWins = i === 1;
      const scores = jelenaWins === jelenaFirst ? [420, 350] : [350, 420];
      await enterResult(t, t.organiser, game, { scores, clocks: ['04:00', '02:30'] });
    }
    await t.http
      .post(`/api/tournaments/${id}/close`)
      .set(t.organiser)
      .send({ confirm: true })
      .expect(200);
  }
  return { personId, tournamentIds, sheetGame };
}
