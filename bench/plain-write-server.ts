/**
 * The yardsticks for a typed result and a verified score sheet in `npm run bench -- hall`:
 * plain `node:http` with better-sqlite3, the same durability as Arbiter's (WAL,
 * `synchronous=FULL`, one transaction a write) and the same statements a result needs: the
 * bearer token looked up, the game read with its round, division and players, the result
 * written, a history row, the division's revision moved, a log row, and the game answered as
 * JSON. No framework, no validation library, no ORM.
 *
 * `PUT /api/games/{id}/result` takes scores and clocks. `PUT /api/games/{id}/scoresheet` does
 * the same job as Arbiter's sheet write: the JSON body parsed, verified in this process by the
 * engine Arbiter uses (`verifyGameSheet` from dist/src/engine, the rule set's default word list,
 * the game's players), refused with 422 when the engine refuses it, else the sheet's text as
 * sent and its report as JSON stored in the game's row with the result the report gives, and the
 * history, revision and log rows written as for a typed result, in one transaction.
 *
 * Run as its own process, so that its CPU is read from /proc as Arbiter's is:
 * `node plain-write-server.js <database file> <games> [first name] [second name]`; game i's
 * players are `<first name> i` and `<second name> i` (default `Igrač`). It prints
 * `listening <port> <token>`.
 */
import Database from 'better-sqlite3';
import { randomBytes } from 'crypto';
import { createServer, IncomingMessage, ServerResponse } from 'http';
import { defaultWordList } from '../src/dictionary/default-lists';
import { verifyGameSheet } from '../src/engine';

const CLOCK = /^(\d{1,3}):([0-5]\d)$/;

function main(): void {
  const [file, games] = [process.argv[2], Number(process.argv[3])];
  const names = [process.argv[4] ?? 'Igrač', process.argv[5] ?? 'Igrač'];
  const RULES = 'kvizovka';
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`
    CREATE TABLE tokens (token TEXT PRIMARY KEY, user_id INTEGER NOT NULL, expires_at TEXT NOT NULL);
    CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL);
    CREATE TABLE divisions (id INTEGER PRIMARY KEY, revision INTEGER NOT NULL,
      updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
    CREATE TABLE rounds (id INTEGER PRIMARY KEY, division_id INTEGER NOT NULL, number INTEGER NOT NULL);
    CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE games (id INTEGER PRIMARY KEY, round_id INTEGER NOT NULL, table_number INTEGER NOT NULL,
      first_player_id INTEGER NOT NULL, second_player_id INTEGER NOT NULL, status TEXT NOT NULL,
      winner TEXT, first_score INTEGER, second_score INTEGER, first_remaining INTEGER,
      second_remaining INTEGER, sheet TEXT, report TEXT, sheet_ok INTEGER,
      version INTEGER NOT NULL, updated_at TEXT NOT NULL);
    CREATE TABLE result_changes (id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL, user_id INTEGER,
      action TEXT NOT NULL, before TEXT NOT NULL, after TEXT NOT NULL,
      created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
    CREATE TABLE director_log (id INTEGER PRIMARY KEY, division_id INTEGER, game_id INTEGER,
      user_id INTEGER, action TEXT NOT NULL, before TEXT NOT NULL, after TEXT NOT NULL,
      created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
  `);
  const token = randomBytes(24).toString('base64url');
  db.transaction(() => {
    db.prepare(`INSERT INTO users VALUES (1, 'Organiser', 'o@example.org')`).run();
    db.prepare(`INSERT INTO tokens VALUES (?, 1, '2999-01-01')`).run(token);
    db.prepare(`INSERT INTO divisions (id, revision) VALUES (1, 1)`).run();
    db.prepare(`INSERT INTO rounds VALUES (1, 1, 1)`).run();
    const player = db.prepare(`INSERT INTO players VALUES (?, ?)`);
    const game = db.prepare(
      `INSERT INTO games VALUES (?, 1, ?, ?, ?, 'pending', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 1, '')`,
    );
    for (let i = 1; i <= games; i++) {
      player.run(2 * i - 1, `${names[0]} ${i}`);
      player.run(2 * i, `${names[1]} ${i}`);
      game.run(i, i, 2 * i - 1, 2 * i);
    }
  })();

  const user = db.prepare(
    `SELECT u.id, u.name FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token = ? AND t.expires_at > ?`,
  );
  const read = db.prepare(
    `SELECT g.*, r.number AS round, r.division_id, d.revision, a.name AS first_name, b.name AS second_name
     FROM games g JOIN rounds r ON r.id = g.round_id JOIN divisions d ON d.id = r.division_id
     JOIN players a ON a.id = g.first_player_id JOIN players b ON b.id = g.second_player_id
     WHERE g.id = ?`,
  );
  const update = db.prepare(
    `UPDATE games SET status = 'complete', winner = ?, first_score = ?, second_score = ?,
       first_remaining = ?, second_remaining = ?, version = version + 1, updated_at = ? WHERE id = ?`,
  );
  const storeSheet = db.prepare(
    `UPDATE games SET status = 'complete', winner = ?, first_score = ?, second_score = ?,
       first_remaining = ?, second_remaining = ?, sheet = ?, report = ?, sheet_ok = ?,
       version = version + 1, updated_at = ? WHERE id = ?`,
  );
  const change = db.prepare(
    `INSERT INTO result_changes (game_id, user_id, action, before, after) VALUES (?, ?, ?, ?, ?)`,
  );
  const touch = db.prepare(
    `UPDATE divisions SET revision = revision + 1, updated_at = CURRENT_TIMESTAMP WHERE id = ? RETURNING revision`,
  );
  const log = db.prepare(
    `INSERT INTO director_log (division_id, game_id, user_id, action, before, after) VALUES (?, ?, ?, ?, ?, ?)`,
  );

  type Row = Record<string, string | number | null>;
  const write = db.transaction((id: number, userId: number, scores: number[], left: number[]) => {
    const g = read.get(id) as Row | undefined;
    if (!g) return null;
    const winner = scores[0] > scores[1] ? 'first' : scores[0] < scores[1] ? 'second' : 'draw';
    const before = { status: g.status, scores: [g.first_score, g.second_score] };
    const after = { status: 'complete', winner, scores, remaining: left };
    update.run(winner, scores[0], scores[1], left[0], left[1], new Date().toISOString(), id);
    change.run(id, userId, 'result', JSON.stringify(before), JSON.stringify(after));
    touch.get(g.division_id);
    log.run(
      g.division_id,
      id,
      userId,
      'result.entered',
      JSON.stringify(before),
      JSON.stringify(after),
    );
    return { ...g, ...after, version: Number(g.version) + 1 };
  });

  type Report = {
    ok: boolean;
    players: { final: number; remainingSeconds: number | null }[];
    result: { winner: number | null };
  };
  const words = defaultWordList(RULES);
  const writeSheet = db.transaction(
    (g: Row, userId: number, text: string, report: Report, reportJson: string) => {
      const [a, b] = report.players;
      const winner =
        report.result.winner === 0 ? 'first' : report.result.winner === 1 ? 'second' : 'draw';
      const scores = [a.final, b.final];
      const left = [a.remainingSeconds, b.remainingSeconds];
      const before = { status: g.status, scores: [g.first_score, g.second_score] };
      const after = { status: 'complete', winner, scores, remaining: left, source: 'scoresheet' };
      const id = Number(g.id);
      storeSheet.run(
        winner,
        scores[0],
        scores[1],
        left[0],
        left[1],
        text,
        reportJson,
        report.ok ? 1 : 0,
        new Date().toISOString(),
        id,
      );
      change.run(id, userId, 'scoresheet', JSON.stringify(before), JSON.stringify(after));
      touch.get(g.division_id);
      log.run(
        g.division_id,
        id,
        userId,
        'sheet.entered',
        JSON.stringify(before),
        JSON.stringify(after),
      );
      return { ...g, ...after, scoresheet: { ok: report.ok }, version: Number(g.version) + 1 };
    },
  );
  /** A score sheet: read, verified for the game's players, stored with its report. */
  const onSheet = (res: ServerResponse, id: number, userId: number, text: string): void => {
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      return send(res, 400, { message: 'not JSON' });
    }
    const g = read.get(id) as Row | undefined;
    if (!g) return send(res, 404, { message: 'no such game' });
    const verified = verifyGameSheet(
      doc,
      { rules: RULES, options: {}, players: [String(g.first_name), String(g.second_name)] },
      { words },
    );
    if (!verified.ok) return send(res, 422, { message: verified.refusal.code });
    const report = verified.report as unknown as Report;
    send(res, 200, writeSheet(g, userId, text, report, JSON.stringify(verified.report)));
  };

  const send = (res: ServerResponse, status: number, body: unknown): void => {
    const bytes = Buffer.from(JSON.stringify(body));
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': bytes.length });
    res.end(bytes);
  };
  const onRequest = (req: IncomingMessage, res: ServerResponse, text: string): void => {
    const m = /^\/api\/games\/(\d+)\/(result|scoresheet)$/.exec(req.url ?? '');
    if (req.method !== 'PUT' || !m) return send(res, 404, { message: 'not found' });
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const who = auth ? (user.get(auth[1], new Date().toISOString()) as Row | undefined) : undefined;
    if (!who) return send(res, 401, { message: 'sign in' });
    if (m[2] === 'scoresheet') return onSheet(res, Number(m[1]), Number(who.id), text);
    let body: { scores?: unknown; clocks?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      return send(res, 400, { message: 'not JSON' });
    }
    const { scores, clocks } = body;
    const clock = (c: unknown) => (typeof c === 'string' ? CLOCK.exec(c) : null);
    if (
      !Array.isArray(scores) ||
      scores.length !== 2 ||
      !scores.every((s) => Number.isInteger(s) && s >= 0 && s <= 10_000) ||
      !Array.isArray(clocks) ||
      clocks.length !== 2 ||
      !clocks.every((c) => clock(c))
    ) {
      return send(res, 400, { message: 'scores and clocks: two each' });
    }
    const left = clocks.map((c) => {
      const [, mm, ss] = clock(c)!;
      return Number(mm) * 60 + Number(ss);
    });
    const written = write(Number(m[1]), Number(who.id), scores as number[], left);
    if (!written) return send(res, 404, { message: 'no such game' });
    send(res, 200, written);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => onRequest(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  server.listen(0, '127.0.0.1', () => {
    console.log(`listening ${(server.address() as { port: number }).port} ${token}`);
  });
  process.on('SIGTERM', () => {
    db.close();
    process.exit(0);
  });
}

if (require.main === module) main();
