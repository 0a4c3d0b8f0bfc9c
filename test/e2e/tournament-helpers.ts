import type { Response } from 'supertest';
import type { Grantee, TestApp } from './harness';

export { scoreSheet } from '../../bench/score-sheets';

export type Auth = { Authorization: string };

/** Collects a binary body (supertest buffers only known binary types by default): `.buffer(true).parse(binary)`. */
export const binary = (res: Response, done: (err: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

export interface GameJson {
  id: number;
  round: number;
  table: number;
  status: 'pending' | 'complete' | 'bye';
  first: { id: number; name: string; seed: number };
  second: { id: number; name: string; seed: number } | null;
  result: {
    winner: 'first' | 'second' | 'draw';
    reason: string;
    scores: number[] | null;
    remaining: string[] | null;
    timeLoss: 0 | 1 | null;
    source: string;
  } | null;
  scoresheet: { ok: boolean | null } | null;
  version: number;
}

export interface RoundJson {
  id: number;
  number: number;
  system: string;
  notes: string[];
  pending: number;
  games: GameJson[];
}

export interface StandingsJson {
  round: number;
  pendingGames: number;
  tieBreaks: string[];
  rows: {
    rank: number;
    playerId: number;
    name: string;
    seed: number;
    active: boolean;
    points: number;
    wins: number;
    draws: number;
    losses: number;
    byes: number;
    gamesPlayed: number;
    spread: number;
    remainingSeconds: number;
    totalScore: number;
    buchholz: number;
    tieBreakValues: number[];
  }[];
}

/**
 * A tournament made by the administrator (who then owns it); `judges` (bearer headers, page
 * cookies or e-mails of judges' accounts) are given a judge's role in it.
 */
export async function createTournament(
  t: TestApp,
  body: Record<string, unknown>,
  judges: readonly Grantee[] = [],
): Promise<{ id: number; divisionId: number }> {
  const res = await t.http.post('/api/tournaments').set(t.organiser).send(body).expect(201);
  const id = res.body.id as number;
  if (judges.length) await t.grant(id, judges, 'judge');
  return { id, divisionId: res.body.divisions[0].id };
}

export async function register(
  t: TestApp,
  divisionId: number,
  names: string[],
  rating = (i: number) => 1500 + ((i * 37) % 300),
): Promise<{ id: number; name: string; seed: number }[]> {
  const players = [];
  for (const [i, name] of names.entries()) {
    const res = await t.http
      .post(`/api/divisions/${divisionId}/players`)
      .set(t.organiser)
      .send({ name, club: `Klub ${i % 3}`, rating: rating(i) })
      .expect(201);
    players.push(res.body);
  }
  return players;
}

export async function pair(
  t: TestApp,
  divisionId: number,
  body: Record<string, unknown> = {},
): Promise<RoundJson> {
  const res = await t.http.post(`/api/divisions/${divisionId}/rounds`).set(t.organiser).send(body);
  if (res.status !== 201)
    throw new Error(`pairing failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as RoundJson;
}

export async function standings(t: TestApp, divisionId: number, round?: number) {
  const res = await t.http
    .get(`/api/divisions/${divisionId}/standings${round === undefined ? '' : `?round=${round}`}`)
    .expect(200);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  return res.body as StandingsJson;
}

/** A typed result; the judge's If-Match when the game has one already. */
export async function enterResult(
  t: TestApp,
  who: Auth,
  game: { id: number; version?: number },
  body: { scores: number[]; clocks: string[]; timeLoss?: 0 | 1 },
  expectStatus = 200,
) {
  const req = t.http.put(`/api/games/${game.id}/result`).set(who);
  if (game.version !== undefined) void req.set('If-Match', String(game.version));
  const res = await req.send(body);
  if (res.status !== expectStatus) {
    throw new Error(`result for game ${game.id}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body as GameJson;
}

/** The test's own account of a division, kept from what it entered, to check the server's arithmetic. */
export class Ledger {
  readonly rows = new Map<
    number,
    {
      points: number;
      spread: number;
      remaining: number;
      byes: number;
      played: number;
      opponents: number[];
    }
  >();

  constructor(private readonly byeSpread: number) {}

  private row(id: number) {
    let r = this.rows.get(id);
    if (!r) {
      r = { points: 0, spread: 0, remaining: 0, byes: 0, played: 0, opponents: [] };
      this.rows.set(id, r);
    }
    return r;
  }

  bye(id: number) {
    const r = this.row(id);
    r.points += 1;
    r.byes += 1;
    r.spread += this.byeSpread;
  }

  /** A finished game's figures as they stand (after any correction). */
  game(
    first: number,
    second: number,
    scores: number[],
    remaining: number[],
    winner: 'first' | 'second' | 'draw',
  ) {
    const a = this.row(first);
    const b = this.row(second);
    a.points += winner === 'first' ? 1 : winner === 'draw' ? 0.5 : 0;
    b.points += winner === 'second' ? 1 : winner === 'draw' ? 0.5 : 0;
    a.spread += scores[0] - scores[1];
    b.spread += scores[1] - scores[0];
    a.remaining += remaining[0];
    b.remaining += remaining[1];
    a.played++;
    b.played++;
    a.opponents.push(second);
    b.opponents.push(first);
  }
}

export const seconds = (mmss: string) => {
  const negative = mmss.startsWith('-');
  const [m, s] = mmss.replace('-', '').split(':').map(Number);
  return (negative ? -1 : 1) * (m * 60 + s);
};

/** Rebuilds the ledger of a division from the server's rounds (to compare with the test's own). */
export function ledgerFromRounds(rounds: RoundJson[], byeSpread: number): Ledger {
  const ledger = new Ledger(byeSpread);
  for (const r of rounds) {
    for (const g of r.games) {
      if (g.status === 'bye') ledger.bye(g.first.id);
      else if (g.status === 'complete') {
        ledger.game(
          g.first.id,
          g.second!.id,
          g.result!.scores!,
          g.result!.remaining!.map(seconds),
          g.result!.winner,
        );
      }
    }
  }
  return ledger;
}

/** Exports a tournament and imports the document as a new one; both bodies. */
export async function exportAndImport(
  t: TestApp,
  tournamentId: number,
): Promise<{
  exported: Record<string, unknown>;
  imported: { id: number; divisions: { id: number }[] } & Record<string, unknown>;
}> {
  const exported = (
    await t.http.get(`/api/tournaments/${tournamentId}/export`).set(t.organiser).expect(200)
  ).body as Record<string, unknown>;
  const imported = (
    await t.http.post('/api/tournaments/import').set(t.organiser).send(exported).expect(201)
  ).body as { id: number; divisions: { id: number }[] } & Record<string, unknown>;
  return { exported, imported };
}

/**
 * `If-Match` with the version of what `path` reads now (`/api/players/5`): an edit
 * (PATCH) names the version it was based on.
 */
export async function readVersion(t: TestApp, path: string): Promise<{ 'If-Match': string }> {
  const res = await t.http.get(path).expect(200);
  return { 'If-Match': String((res.body as { version: number }).version) };
}
