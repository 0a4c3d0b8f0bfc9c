import { isIP } from 'net';
import { DEFAULT_TIME_ZONE, isTimeZone } from './i18n/time';

/** Environment variables Arbiter reads, checked at boot so a bad value stops it with a clear message. */
export interface Environment {
  PORT: string;
  DATABASE_URL?: string;
  DATABASE_PATH?: string;
  DATABASE_SYNCHRONIZE?: string;
  DATABASE_LOG?: string;
  LIVE_CONNECTIONS?: string;
  LIVE_PER_ADDRESS?: string;
  LIVE_PER_CLIENT?: string;
  HEADERS_TIMEOUT_MS?: string;
  BODY_TIMEOUT_MS?: string;
  BODY_MIN_RATE?: string;
  JOB_STALE_MS?: string;
  RENDER_QUEUE?: string;
  BACKUP_KEEP?: string;
  ORGANISER_EMAIL?: string;
  ORGANISER_PASSWORD?: string;
  ORGANISER_NAME?: string;
  SIGN_IN_ACCOUNT_FAILURES?: string;
  SIGN_IN_ADDRESS_FAILURES?: string;
  SIGN_IN_FIRST_WAIT_MS?: string;
  SIGN_IN_MAX_WAIT_MS?: string;
  CODE_HALL_FAILURES?: string;
  TRUST_PROXY?: string;
  HOST?: string;
  TIME_ZONE?: string;
  SMTP_URL?: string;
  SMTP_FROM?: string;
  INVITATION_DAYS?: string;
  ENTRIES_PER_CLIENT?: string;
  ENTRIES_PER_ADDRESS?: string;
  ENTRIES_WINDOW_MINUTES?: string;
  TEST_ONLY_SCRYPT_LOG2_N?: string;
}

/** For `ConfigModule.forRoot({ validate })`: throws one error listing every bad variable. */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const problems: string[] = [];
  const env = {
    ...raw,
    PORT: typeof raw.PORT === 'string' || typeof raw.PORT === 'number' ? String(raw.PORT) : '3000',
  } as Environment & Record<string, unknown>;
  const port = Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`PORT must be a port number, not '${env.PORT}'`);
  if (env.DATABASE_URL && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
    problems.push('DATABASE_URL must be a postgres:// URL (leave it unset for SQLite under data/)');
  }
  if (env.SMTP_URL && !/^smtps?:\/\/[^\s]+$/.test(env.SMTP_URL))
    problems.push(
      'SMTP_URL must be an smtp:// or smtps:// URL (smtp://host:port), or unset for no mail',
    );
  if (env.SMTP_FROM && !/^[^\s@]+@[^\s@]+$/.test(env.SMTP_FROM))
    problems.push(
      `SMTP_FROM must be the address mail is sent from, not '${env.SMTP_FROM.slice(0, 80)}'`,
    );
  if (
    env.INVITATION_DAYS !== undefined &&
    env.INVITATION_DAYS !== '' &&
    (!/^\d{1,3}$/.test(env.INVITATION_DAYS) ||
      Number(env.INVITATION_DAYS) < 1 ||
      Number(env.INVITATION_DAYS) > 365)
  )
    problems.push(
      `INVITATION_DAYS must be the days an invitation's link lasts, a whole number from 1 to 365, not '${env.INVITATION_DAYS.slice(0, 80)}'`,
    );
  if (env.DATABASE_LOG && env.DATABASE_LOG !== 'queries')
    problems.push(`DATABASE_LOG must be 'queries' or unset, not '${env.DATABASE_LOG}'`);
  if (env.LIVE_CONNECTIONS !== undefined && !/^\d{1,6}$/.test(env.LIVE_CONNECTIONS))
    problems.push(
      `LIVE_CONNECTIONS must be a whole number of live-update connections, not '${env.LIVE_CONNECTIONS}'`,
    );
  if (
    env.RENDER_QUEUE !== undefined &&
    (!/^\d{1,5}$/.test(env.RENDER_QUEUE) || Number(env.RENDER_QUEUE) < 1)
  )
    problems.push(
      `RENDER_QUEUE must be a whole number from 1, the uncached pages made at once, not '${env.RENDER_QUEUE}'`,
    );
  if (
    env.BACKUP_KEEP !== undefined &&
    (!/^\d{1,4}$/.test(env.BACKUP_KEEP) || Number(env.BACKUP_KEEP) < 1)
  )
    problems.push(
      `BACKUP_KEEP must be how many backups to keep, a whole number from 1, not '${env.BACKUP_KEEP}'`,
    );
  if (env.ORGANISER_EMAIL && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(env.ORGANISER_EMAIL))
    problems.push(
      `ORGANISER_EMAIL must be an email address, not '${env.ORGANISER_EMAIL.slice(0, 80)}'`,
    );
  if (env.ORGANISER_NAME !== undefined && env.ORGANISER_NAME.trim().length > 200)
    problems.push(
      `ORGANISER_NAME has ${env.ORGANISER_NAME.trim().length} characters; a name may have at most 200`,
    );
  if (env.ORGANISER_EMAIL && !env.ORGANISER_PASSWORD)
    problems.push('ORGANISER_EMAIL is set but ORGANISER_PASSWORD is not');
  if (env.ORGANISER_PASSWORD && env.ORGANISER_PASSWORD.length < 10) {
    problems.push('ORGANISER_PASSWORD must have at least 10 characters');
  }
  if (env.TIME_ZONE !== undefined && env.TIME_ZONE !== '' && !isTimeZone(env.TIME_ZONE))
    problems.push(
      `TIME_ZONE must be a time zone such as Europe/Belgrade or UTC, not '${env.TIME_ZONE.slice(0, 80)}'`,
    );
  problems.push(...shareProblems(env));
  problems.push(...securityProblems(env));
  problems.push(...entryThrottleProblems(env));
  if (problems.length > 0) throw new Error(`Arbiter cannot start:\n- ${problems.join('\n- ')}`);
  return env;
}

/** Each client's share of live streams and how slow a request may arrive: [variable, min, max]. */
const SHARE_VARIABLES = [
  ['LIVE_PER_ADDRESS', 1, 1_000_000],
  ['LIVE_PER_CLIENT', 1, 1000],
  ['HEADERS_TIMEOUT_MS', 1000, 600_000],
  ['BODY_TIMEOUT_MS', 1000, 600_000],
  ['BODY_MIN_RATE', 1, 100_000_000],
  ['JOB_STALE_MS', 3000, 3_600_000],
] as const;

/** What is wrong with the live streams' shares and the slow-client timeouts. */
function shareProblems(env: Environment): string[] {
  const problems: string[] = [];
  for (const [name, min, max] of SHARE_VARIABLES) {
    const v = env[name];
    if (v !== undefined && v !== '' && (!/^\d{1,9}$/.test(v) || Number(v) < min || Number(v) > max))
      problems.push(`${name} must be a whole number from ${min} to ${max}, not '${v}'`);
  }
  const number = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) ? Number(v) : undefined);
  const pool = number(env.LIVE_CONNECTIONS);
  const perAddress = number(env.LIVE_PER_ADDRESS);
  const perClient = number(env.LIVE_PER_CLIENT);
  if (pool !== undefined && perAddress !== undefined && perAddress > pool)
    problems.push(
      `LIVE_PER_ADDRESS (${perAddress}) must not be more than LIVE_CONNECTIONS (${pool}): one address would take every stream`,
    );
  if (perAddress !== undefined && perClient !== undefined && perClient > perAddress)
    problems.push(
      `LIVE_PER_CLIENT (${perClient}) must not be more than LIVE_PER_ADDRESS (${perAddress})`,
    );
  return problems;
}

/** The days an invitation's link lasts unless INVITATION_DAYS says otherwise. */
export const DEFAULT_INVITATION_DAYS = 7;

/** The days an invitation's link lasts (INVITATION_DAYS, checked at boot). */
export function invitationDays(get: (name: string) => string | undefined): number {
  const v = get('INVITATION_DAYS');
  return v ? Number(v) : DEFAULT_INVITATION_DAYS;
}

/** How entries online are counted (see docs/entries.md, "Many players behind one address"). */
export interface EntryThrottleSettings {
  /** Entries one client (a phone, by its cookie) sends in a window (a club secretary enters a team). */
  clientEntries: number;
  /** Entries the clients without a cookie of one address send together in a window. */
  hallEntries: number;
  windowMs: number;
}

export const DEFAULT_ENTRY_THROTTLE: EntryThrottleSettings = {
  clientEntries: 30,
  hallEntries: 300,
  windowMs: 60 * 60 * 1000,
};

/** The entries' throttle variables: [variable, what it counts, default, min, max]. */
const ENTRY_THROTTLE_VARIABLES = [
  ['ENTRIES_PER_CLIENT', 'the entries one phone sends in a window', 30, 1, 100_000],
  [
    'ENTRIES_PER_ADDRESS',
    'the entries the clients without a cookie of one address send together in a window',
    300,
    1,
    1_000_000,
  ],
  ['ENTRIES_WINDOW_MINUTES', 'the minutes entries are counted over', 60, 1, 10_080],
] as const;

/** What is wrong with the entries' throttle variables. */
function entryThrottleProblems(env: Environment): string[] {
  const problems: string[] = [];
  for (const [name, what, , min, max] of ENTRY_THROTTLE_VARIABLES) {
    const v = env[name];
    if (v !== undefined && v !== '' && (!/^\d{1,9}$/.test(v) || Number(v) < min || Number(v) > max))
      problems.push(
        `${name} must be ${what}, a whole number from ${min} to ${max}, not '${v.slice(0, 80)}'`,
      );
  }
  return problems;
}

/** The entries' throttle settings from the (validated) environment; unset: the defaults. */
export function entryThrottleSettings(
  get: (name: string) => string | undefined,
): EntryThrottleSettings {
  const read = (name: string, fallback: number) => {
    const v = get(name);
    return v !== undefined && v !== '' ? Number(v) : fallback;
  };
  return {
    clientEntries: read('ENTRIES_PER_CLIENT', DEFAULT_ENTRY_THROTTLE.clientEntries),
    hallEntries: read('ENTRIES_PER_ADDRESS', DEFAULT_ENTRY_THROTTLE.hallEntries),
    windowMs: read('ENTRIES_WINDOW_MINUTES', DEFAULT_ENTRY_THROTTLE.windowMs / 60_000) * 60_000,
  };
}

/** How sign-in failures are throttled (from the environment: see docs/tournaments.md). */
export interface ThrottleSettings {
  /** Wrong passwords an account takes from untrusted clients (and a trusted device) before the first wait. */
  accountFailures: number;
  /** Wrong passwords (to any accounts) untrusted clients of one address take before the first wait. */
  addressFailures: number;
  /** The first wait; each further failure doubles it. */
  firstWaitMs: number;
  /** The longest wait. */
  maxWaitMs: number;
}

export const DEFAULT_THROTTLE: ThrottleSettings = {
  accountFailures: 5,
  addressFailures: 20,
  firstWaitMs: 1000,
  maxWaitMs: 15 * 60 * 1000,
};

/** The sign-in throttle's settings and their bounds: [variable, field, default, min, max]. */
const THROTTLE_VARIABLES = [
  ['SIGN_IN_ACCOUNT_FAILURES', 'accountFailures', DEFAULT_THROTTLE.accountFailures, 1, 1000],
  ['SIGN_IN_ADDRESS_FAILURES', 'addressFailures', DEFAULT_THROTTLE.addressFailures, 1, 1_000_000],
  ['SIGN_IN_FIRST_WAIT_MS', 'firstWaitMs', DEFAULT_THROTTLE.firstWaitMs, 100, 3_600_000],
  ['SIGN_IN_MAX_WAIT_MS', 'maxWaitMs', DEFAULT_THROTTLE.maxWaitMs, 100, 86_400_000],
] as const;

/** What is wrong with the sign-in throttle, proxy and password-cost variables. */
function securityProblems(env: Environment): string[] {
  const problems: string[] = [];
  for (const [name, , , min, max] of THROTTLE_VARIABLES) {
    const v = env[name];
    if (v !== undefined && (!/^\d{1,9}$/.test(v) || Number(v) < min || Number(v) > max))
      problems.push(`${name} must be a whole number from ${min} to ${max}, not '${v}'`);
  }
  const hall = env.CODE_HALL_FAILURES;
  if (
    hall !== undefined &&
    (!/^\d{1,7}$/.test(hall) || Number(hall) < 1 || Number(hall) > 1_000_000)
  )
    problems.push(
      `CODE_HALL_FAILURES must be a whole number from 1 to 1000000, the wrong table codes the new phones of one address take an hour, not '${hall}'`,
    );
  const first = Number(env.SIGN_IN_FIRST_WAIT_MS ?? DEFAULT_THROTTLE.firstWaitMs);
  const most = Number(env.SIGN_IN_MAX_WAIT_MS ?? DEFAULT_THROTTLE.maxWaitMs);
  if (first > most)
    problems.push(
      `SIGN_IN_FIRST_WAIT_MS (${first}) must not be longer than SIGN_IN_MAX_WAIT_MS (${most})`,
    );
  if (env.TRUST_PROXY !== undefined && trustedProxies(env.TRUST_PROXY) === undefined)
    problems.push(
      `TRUST_PROXY must name the reverse proxies in front: a number of hops (1, 2), addresses or networks (127.0.0.1 or 10.0.0.0/8,::1), true (one hop) or false, not '${env.TRUST_PROXY.slice(0, 80)}'`,
    );
  if (
    env.HOST !== undefined &&
    env.HOST !== '' &&
    isIP(env.HOST) === 0 &&
    !HOST_NAME.test(env.HOST)
  )
    problems.push(
      `HOST must be the address to listen on (127.0.0.1, ::1, 0.0.0.0, localhost), not '${env.HOST.slice(0, 80)}'`,
    );
  const cost = env.TEST_ONLY_SCRYPT_LOG2_N;
  if (cost && (!/^\d{2}$/.test(cost) || Number(cost) < 10 || Number(cost) > 16))
    problems.push(
      `TEST_ONLY_SCRYPT_LOG2_N lowers the password hashing cost for the test suite only and must be 10 to 16, not '${cost}'; leave it unset`,
    );
  return problems;
}

/** The sign-in throttle's settings from the (validated) environment. */
export function throttleSettings(get: (name: string) => string | undefined): ThrottleSettings {
  const settings = { ...DEFAULT_THROTTLE };
  for (const [name, field] of THROTTLE_VARIABLES) {
    const v = get(name);
    if (v !== undefined && v !== '') settings[field] = Number(v);
  }
  return settings;
}

/** A host name to listen on: letters, digits, dots and dashes (`localhost`, `arbiter.lan`). */
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}))*$/;

/** The names Express's `trust proxy` knows for groups of addresses. */
const ADDRESS_GROUPS = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, or a network as address/prefix length (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrNetwork(text: string): boolean {
  if (ADDRESS_GROUPS.includes(text)) return true;
  const [address, bits, more] = text.split('/');
  const version = isIP(address);
  if (version === 0 || more !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as Express's `trust proxy` setting takes it: how many proxies in front are
 * believed (hops), or which addresses are proxies (a list). `true` is one hop (the proxy in
 * front, not every address a client writes into X-Forwarded-For, which Express's own `true`
 * would believe), `false`, `0` and unset none. Undefined when the value cannot be read.
 */
export function trustedProxies(value: string | undefined): number | string[] | undefined {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return 0;
  if (text === 'true') return 1;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text.split(',').map((e) => e.trim());
  return entries.every(isAddressOrNetwork) ? entries : undefined;
}

/** The zone the pages show times of day in: `TIME_ZONE`, else {@link DEFAULT_TIME_ZONE}. */
export function eventsTimeZone(value: string | undefined): string {
  return value !== undefined && value !== '' ? value : DEFAULT_TIME_ZONE;
}
