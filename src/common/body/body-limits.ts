import type { Role } from '../roles';
import { SHEET_LIMITS } from '../../engine/sheet/scoresheet';
import { MAX_ROWS } from '../../sheet-form/form';
import { ROW_FIELDS } from '../../sheet-form/layout';

const KB = 1024;
const MB = 1024 * KB;

/** A players CSV, as a file or pasted (the organiser's import): 1 MB is some 20,000 players. */
export const CSV_LIMIT = 1 * MB;

/** A TSH `.t` file, as JSON or a form (pasted) or a file: 1 MB is some 2,000 players of 30 rounds. */
export const TSH_LIMIT = 1 * MB;

/**
 * What one route's request body may be. A route takes JSON, a form
 * (urlencoded), a multipart upload, or some of these; any other body is a 415.
 */
export interface BodyRule {
  /** The route as the documentation names it, for messages (`POST /api/auth/sign-in`). */
  route: string;
  /** Largest JSON body, in bytes. */
  json?: number;
  /** Largest urlencoded form, in bytes, and most fields (a repeated field counts each time). */
  form?: { bytes: number; fields: number };
  /** Largest multipart body, in bytes; read by the route itself (multer), within its own limits. */
  multipart?: number;
  /**
   * Who may send it. A body larger than {@link ANONYMOUS_LIMIT} is read only
   * after the sender has been found signed in with one of these roles (an
   * organiser may do anything); anyone else is answered 401/403 unread.
   */
  roles?: Role[];
  /** Said after the limit when a body is too large: what fits in it. */
  hint?: string;
  /**
   * The route reads its JSON itself, in a job's process (`parseJsonBody`, `checkWellFormed`):
   * of a large body the reader checks the size and nesting as it comes and keeps the bytes
   * (`rawBody`), unparsed; a small one it parses as any other.
   */
  rawJson?: boolean;
}

/** The most anyone, signed in or not, may make the server read. */
export const ANONYMOUS_LIMIT = 16 * KB;

/** Fields of the judge's sheet form: every column of every row, the end of the game, the rest. */
export const SHEET_FORM_FIELDS = MAX_ROWS * (ROW_FIELDS.length + 1) + 100;

const SMALL_JSON = 16 * KB;
const SIGN_IN_JSON = 4 * KB;
const SHEET_JSON = 512 * KB;
const LIST_JSON = 512 * KB;
/** A word list: a few hundred thousand words of a dozen letters, well under this. */
const WORD_LIST_JSON = 25 * MB;
/**
 * A tournament document, as Arbiter exports one: 5,000 twenty-turn games with their stored
 * reports come to some 55 MB, so 100 MB takes any event Arbiter itself exported (some 9,000
 * such games). Its bytes are read into one buffer of the announced length and handed to the
 * import's worker, neither parsed nor copied on the request thread (`rawJson`).
 */
const IMPORT_JSON = 100 * MB;

/** A tournament's file sent from the organiser's import page: what the API takes. */
export const IMPORT_FILE_LIMIT = IMPORT_JSON;
const DRAFT_JSON = 256 * KB;
const PAGE_FORM = { bytes: 16 * KB, fields: 100 };
/** 200 rows of cells and an imported sheet of up to 512 KB, percent-encoded. */
const SHEET_FORM = { bytes: 2 * MB, fields: SHEET_FORM_FIELDS };
/**
 * A round's results page: some 20 cells a table (a table of eight with clocks and cards, the
 * version, the choices) for up to 500 tables, and the lines typed beside them.
 */
const ROUND_RESULTS_FORM = { bytes: 1 * MB, fields: 12_000 };
/** A pasted CSV percent-encodes to at most three times its size. */
const CSV_FORM = { bytes: 3 * CSV_LIMIT, fields: 20 };

/** A pasted TSH file percent-encodes to at most three times its size. */
const TSH_FORM = { bytes: 3 * TSH_LIMIT, fields: 20 };

const SHEET_HINT = `a score sheet holds at most ${SHEET_LIMITS.turns} turns, which is far less`;

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The routes that take more (or less) than the default, first match wins.
 * Matched as Express routes them: any case, with or without a trailing slash.
 */
const RULES: { method: Method; path: RegExp; rule: Omit<BodyRule, 'route'>; route: string }[] = [
  // The JSON API.
  {
    method: 'POST',
    path: /^\/api\/auth\/sign-in\/?$/i,
    route: 'POST /api/auth/sign-in',
    rule: { json: SIGN_IN_JSON },
  },
  {
    method: 'POST',
    path: /^\/api\/auth\/sign-out\/?$/i,
    route: 'POST /api/auth/sign-out',
    rule: { json: SIGN_IN_JSON },
  },
  {
    method: 'POST',
    path: /^\/api\/users\/?$/i,
    route: 'POST /api/users',
    rule: { json: SIGN_IN_JSON },
  },
  {
    method: 'PUT',
    path: /^\/api\/games\/[^/]+\/scoresheet\/?$/i,
    route: 'PUT /api/games/:id/scoresheet',
    rule: { json: SHEET_JSON, roles: ['judge'], hint: SHEET_HINT },
  },
  {
    // A player's sheet from the table, without an account: the form's many fields, within
    // what anyone may send (a 20-turn sheet's form is a few kilobytes).
    method: 'POST',
    path: /^\/t\/[^/]+\/sheet\/?$/i,
    route: 'POST /t/:code/sheet',
    rule: { form: { bytes: ANONYMOUS_LIMIT, fields: SHEET_FORM_FIELDS }, hint: SHEET_HINT },
  },
  {
    method: 'POST',
    path: /^\/api\/tournaments\/import\/?$/i,
    route: 'POST /api/tournaments/import',
    rule: { json: IMPORT_JSON, roles: ['organiser'], rawJson: true },
  },
  {
    method: 'PUT',
    path: /^\/api\/tournaments\/[^/]+\/word-list\/?$/i,
    route: 'PUT /api/tournaments/:id/word-list',
    rule: { json: WORD_LIST_JSON, roles: ['organiser'] },
  },
  {
    method: 'PUT',
    path: /^\/api\/divisions\/[^/]+\/seeds\/?$/i,
    route: 'PUT /api/divisions/:id/seeds',
    rule: { json: LIST_JSON, roles: ['organiser'] },
  },
  {
    method: 'POST',
    path: /^\/api\/divisions\/[^/]+\/rounds\/?$/i,
    route: 'POST /api/divisions/:id/rounds',
    rule: { json: LIST_JSON, roles: ['organiser'] },
  },
  {
    method: 'POST',
    path: /^\/api\/divisions\/[^/]+\/rounds\/[^/]+\/re-pair\/?$/i,
    route: 'POST /api/divisions/:id/rounds/:number/re-pair',
    rule: { json: LIST_JSON, roles: ['organiser'] },
  },
  {
    method: 'POST',
    path: /^\/api\/tournaments\/[^/]+\/divisions\/tsh\/?$/i,
    route: 'POST /api/tournaments/:id/divisions/tsh',
    rule: { json: TSH_LIMIT + 64 * KB, roles: ['organiser'] },
  },
  {
    method: 'POST',
    path: /^\/api\/ratings\/import\/?$/i,
    route: 'POST /api/ratings/import',
    rule: { json: 2 * CSV_LIMIT + 64 * KB, roles: ['organiser'] },
  },
  // The pages: forms, and the one JSON route of the sheet form's script.
  {
    method: 'POST',
    path: /^\/judge\/games\/[^/]+\/scoresheet\/?$/i,
    route: 'POST /judge/games/:id/scoresheet',
    rule: { form: SHEET_FORM, roles: ['judge'], hint: SHEET_HINT },
  },
  {
    method: 'POST',
    path: /^\/judge\/divisions\/[^/]+\/rounds\/[^/]+\/results\/?$/i,
    route: 'POST /judge/divisions/:id/rounds/:number/results',
    rule: { form: ROUND_RESULTS_FORM, roles: ['judge'] },
  },
  {
    method: 'POST',
    path: /^\/judge\/check\/?$/i,
    route: 'POST /judge/check',
    rule: { form: SHEET_FORM, roles: ['judge'], hint: SHEET_HINT },
  },
  {
    method: 'PUT',
    path: /^\/judge\/games\/[^/]+\/scoresheet\/draft\/?$/i,
    route: 'PUT /judge/games/:id/scoresheet/draft',
    rule: { json: DRAFT_JSON, roles: ['judge'], hint: SHEET_HINT },
  },
  {
    method: 'POST',
    path: /^\/organiser\/divisions\/[^/]+\/players\/csv\/?$/i,
    route: 'POST /organiser/divisions/:id/players/csv',
    rule: { form: CSV_FORM, multipart: CSV_LIMIT + 64 * KB, roles: ['organiser'] },
  },
  {
    method: 'POST',
    path: /^\/organiser\/divisions\/[^/]+\/players\/import\/?$/i,
    route: 'POST /organiser/divisions/:id/players/import',
    rule: { form: CSV_FORM, roles: ['organiser'] },
  },
  {
    method: 'POST',
    path: /^\/organiser\/ratings\/import\/?$/i,
    route: 'POST /organiser/ratings/import',
    rule: { form: CSV_FORM, roles: ['organiser'] },
  },
  {
    method: 'POST',
    path: /^\/organiser\/import\/?$/i,
    route: 'POST /organiser/import',
    rule: { multipart: IMPORT_FILE_LIMIT + 64 * KB, roles: ['organiser'] },
  },
  {
    method: 'POST',
    path: /^\/organiser\/tournaments\/[^/]+\/divisions\/tsh\/?$/i,
    route: 'POST /organiser/tournaments/:id/divisions/tsh',
    rule: { form: TSH_FORM, multipart: TSH_LIMIT + 64 * KB, roles: ['organiser'] },
  },
];

/** True for a path of the JSON API. */
export function isApiPath(path: string): boolean {
  return /^\/api(\/|$)/i.test(path);
}

/**
 * What a write to `path` may carry: the route's own rule, else JSON of up to
 * 16 KB on the API and a form of up to 16 KB and 100 fields on the pages.
 */
export function bodyRuleFor(method: string, path: string): BodyRule {
  for (const r of RULES) {
    if (r.method === method && r.path.test(path)) return { route: r.route, ...r.rule };
  }
  const route = `${method} ${path.length > 80 ? `${path.slice(0, 80)}…` : path}`;
  return isApiPath(path) ? { route, json: SMALL_JSON } : { route, form: PAGE_FORM };
}

/** `4 KB`, `512 KB`, `25 MB`: a limit as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB && bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes >= KB) return `${Math.round(bytes / KB)} KB`;
  return `${bytes} bytes`;
}

/** Every rule, for the documentation test: route and limits. */
export function listBodyRules(): BodyRule[] {
  return RULES.map((r) => ({ route: r.route, ...r.rule }));
}
