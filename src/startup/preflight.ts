import Database from 'better-sqlite3';
import { existsSync, mkdirSync, statSync } from 'fs';
import { dirname, resolve, sep } from 'path';

/** How long PostgreSQL gets to answer before the server gives up starting. */
const CONNECT_TIMEOUT_MS = 4000;

/** `postgres://ana:…@host/db`: a database URL fit to print (never the password). */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (!u.password) return u.toString();
    return `${u.protocol}//${u.username}:…@${u.host}${u.pathname}${u.search}`;
  } catch {
    return url.replace(/:[^:@/]*@/, ':…@');
  }
}

/** Places that look like paths but hold no files a database can live in. */
const NOT_A_DISK = ['/proc', '/sys', '/dev'];

/**
 * What stops an SQLite database from opening at `path`, as sentences that name the variable
 * and say what to set; empty when it opens (the folder is made if missing).
 */
export function sqliteProblems(raw: string | undefined): string[] {
  const variable = raw ? `DATABASE_PATH (${raw})` : 'the default database data/arbiter.sqlite';
  if (raw === ':memory:' || raw?.startsWith('file::memory:')) {
    return [
      'DATABASE_PATH=:memory: would keep the tournament in memory only, lost when the server stops; set DATABASE_PATH to a file, e.g. data/arbiter.sqlite',
    ];
  }
  const path = resolve(raw || 'data/arbiter.sqlite');
  if (NOT_A_DISK.some((root) => path === root || path.startsWith(root + sep))) {
    return [
      `${variable} is under ${path.split(sep).slice(0, 2).join(sep)}, which holds no files; set DATABASE_PATH to a file on a disk, e.g. data/arbiter.sqlite`,
    ];
  }
  if (existsSync(path) && statSync(path).isDirectory()) {
    return [
      `${variable} is a folder; set DATABASE_PATH to a file in it, e.g. ${path}${sep}arbiter.sqlite`,
    ];
  }
  for (let folder = dirname(path); folder !== dirname(folder); folder = dirname(folder)) {
    if (existsSync(folder)) {
      if (!statSync(folder).isDirectory()) {
        return [
          `${variable} cannot be made: ${folder} is a file, not a folder; set DATABASE_PATH to a file in a folder`,
        ];
      }
      break;
    }
  }
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (e) {
    return [`${variable}: cannot make the folder ${dirname(path)} (${describe(e)})`];
  }
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { timeout: 2000 });
    db.pragma('schema_version');
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'SQLITE_NOTADB') {
      return [
        `${variable} is not an SQLite database (a file of another kind is there); set DATABASE_PATH to another file, or move that one away`,
      ];
    }
    return [`${variable} cannot be opened: ${describe(e)}`];
  } finally {
    db?.close();
  }
  return [];
}

/**
 * What stops the server from using PostgreSQL at `url`, as one sentence (never with the
 * password); null when it answers. Gives up after {@link CONNECT_TIMEOUT_MS}.
 */
export async function postgresProblem(url: string): Promise<string | null> {
  const shown = redactedUrl(url);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return `DATABASE_URL is not a URL: ${shown}`;
  }
  const host = `${target.hostname || 'localhost'}:${target.port || '5432'}`;
  const database = decodeURIComponent(target.pathname.replace(/^\//, '')) || target.username;
  // Loaded here, not at the top: an SQLite server never needs pg, a tenth of its start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Client } = require('pg') as typeof import('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A connection lost after the check would otherwise surface as an unhandled error event.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (e) {
    const err = e as { code?: string; message?: string };
    switch (err.code ?? '') {
      case 'ECONNREFUSED':
        return `PostgreSQL at ${host} refuses connections (DATABASE_URL ${shown}): is it running, and on that port?`;
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return `the host ${target.hostname} of DATABASE_URL (${shown}) is not known; check the address`;
      case '3D000':
        return `PostgreSQL at ${host} has no database "${database}": create it (createdb ${database}) or name another in DATABASE_URL (${shown})`;
      case '28000':
        return `PostgreSQL at ${host} refuses the role "${target.username}": create it or name another in DATABASE_URL (${shown}) — ${err.message ?? ''}`.trim();
      case '28P01':
        return `PostgreSQL at ${host} refuses the password of "${target.username}"; check DATABASE_URL (${shown})`;
      default:
        if (/timeout/i.test(err.message ?? '')) {
          return `PostgreSQL at ${host} did not answer within ${CONNECT_TIMEOUT_MS / 1000} s (DATABASE_URL ${shown}); check the address and any firewall`;
        }
        return `PostgreSQL at ${host} cannot be used (DATABASE_URL ${shown}): ${describe(e)}`;
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

function describe(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  // Messages of the drivers can quote the URL they were given.
  return text.replace(/(postgres(?:ql)?:\/\/[^:@/\s]*:)[^@\s]*@/g, '$1…@');
}

/** The database's problems for the environment: PostgreSQL when DATABASE_URL is set, else SQLite. */
export async function databaseProblems(env: NodeJS.ProcessEnv): Promise<string[]> {
  if (env.DATABASE_URL) {
    const problem = await postgresProblem(env.DATABASE_URL);
    return problem ? [problem] : [];
  }
  return sqliteProblems(env.DATABASE_PATH);
}
