/**
 * Inputs of the fuzz test: a seeded random source, request bodies generated
 * from the OpenAPI document, and the bad values and mutations sent in
 * bodies, ids, queries, headers and cookies (malformed Unicode among them).
 * Everything is drawn from one seed, so a failure is replayed by its seed.
 */

/** mulberry32: a small seeded PRNG, the same requests for the same seed. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  shuffle<T>(xs: readonly T[]): T[] {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}

/** The part of an OpenAPI schema the generator reads. */
export interface Schema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  example?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  nullable?: boolean;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A UTF-16 code unit of a surrogate that is not half of a pair. */
export const LONE_SURROGATE = /[\ud800-\udfff]/u;

/** Strings that are not well-formed Unicode: lone and reversed surrogates. */
export const MALFORMED = ['\ud800', 'a\udfffb', '\udc00\ud800', 'KU\ud83dĆA', '\ud834'];

/** Values of every kind put where anything else was. */
export const BAD_VALUES: Json[] = [
  null,
  '',
  ' ',
  '\u0000',
  'x\u0000y',
  '\u202eevil',
  '\ufeff',
  '\uffff',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'null',
  'NaN',
  '-1',
  '1e400',
  '9'.repeat(30),
  'Ꙭ'.repeat(300),
  'x'.repeat(5000),
  '0000-00-00',
  '2026-99-99',
  '-00:00',
  '999:99',
  0,
  -1,
  -0,
  0.5,
  1.5,
  2147483647,
  2147483648,
  -2147483649,
  9007199254740994,
  1e21,
  1e308,
  -1e308,
  true,
  false,
  [],
  [null],
  [[]],
  [1, 2, 3],
  ['a', 'b'],
  {},
  { a: 1 },
  [{}],
  ...MALFORMED,
];

/** An own `__proto__` key (an assignment would set the prototype instead). */
export function setOwn(target: Record<string, Json>, key: string, value: Json): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** A value for a schema: its example, its first enum value, else one of its type. */
export function generate(
  schema: Schema,
  resolve: (ref: string) => Schema,
  rng: Rng,
  name = '',
  idFor: (name: string) => number | undefined = () => undefined,
  depth = 0,
  all = false,
): Json {
  if (schema.$ref) return generate(resolve(schema.$ref), resolve, rng, name, idFor, depth, all);
  // `all` (every property present) is a body as valid as the document says: its examples.
  if (schema.example !== undefined && (all || rng.chance(0.8)))
    return clone(schema.example as Json);
  if (schema.enum?.length) return clone(rng.pick(schema.enum) as Json);
  switch (schema.type ?? 'object') {
    case 'string':
      return rng.pick(['Ana', 'Beograd', 'KUĆA', 'text']);
    case 'number':
    case 'integer': {
      const id = idFor(name);
      if (id !== undefined) return id;
      return schema.minimum ?? 1;
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'array': {
      if (depth > 4 || !schema.items) return [];
      const n = Math.max(schema.minItems ?? 1, 1 + rng.int(2));
      return Array.from({ length: n }, () =>
        generate(schema.items!, resolve, rng, name, idFor, depth + 1, all),
      );
    }
    default: {
      const out: Record<string, Json> = {};
      if (!schema.properties || depth > 4) return out;
      const required = new Set(schema.required ?? []);
      for (const [key, sub] of Object.entries(schema.properties)) {
        if (all || required.has(key) || rng.chance(0.4)) {
          out[key] = generate(sub, resolve, rng, key, idFor, depth + 1, all);
        }
      }
      return out;
    }
  }
}

export function clone<T extends Json>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** Where a value sits in a JSON tree: the keys from the root. */
export type JsonPath = (string | number)[];

/** `turns[3].play`: a path as the answers write it. */
export function pathText(path: JsonPath): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}

/** The last key of a path that is a name, not a list index. */
export function leafName(path: JsonPath): string | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    if (typeof path[i] === 'string') return path[i] as string;
  }
  return undefined;
}

/** Every path of a tree (the root too), up to `limit` of them. */
export function paths(value: Json, limit = 20000): JsonPath[] {
  const out: JsonPath[] = [];
  const walk = (v: Json, p: JsonPath) => {
    if (out.length >= limit) return;
    out.push(p);
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...p, i]));
    else if (v !== null && typeof v === 'object') {
      for (const k of Object.keys(v)) walk(v[k], [...p, k]);
    }
  };
  walk(value, []);
  return out;
}

/** Puts `value` at `path` of `root` (in place). */
export function setAt(root: Json, path: JsonPath, value: Json): void {
  const parent = parentOf(root, path) as Record<string, Json>;
  parent[path[path.length - 1] as string] = value;
}

/** The schema of the value at `path`, or undefined where the schema says nothing. */
export function schemaAt(
  schema: Schema | undefined,
  path: JsonPath,
  resolve: (ref: string) => Schema,
): Schema | undefined {
  let s = schema;
  for (const key of path) {
    while (s?.$ref) s = resolve(s.$ref);
    if (!s) return undefined;
    s = typeof key === 'number' ? s.items : s.properties?.[key];
  }
  while (s?.$ref) s = resolve(s.$ref);
  return s;
}

function parentOf(root: Json, path: JsonPath): Json {
  let v = root;
  for (const k of path.slice(0, -1)) v = (v as Record<string, Json>)[k as string];
  return v;
}

/** What one mutation did, for the failure message and for the field check. */
export interface Mutation {
  op: string;
  path: JsonPath;
  /** A value that no field takes (null where null is not allowed, malformed text): a 400 must name it. */
  mustName?: boolean;
}

/**
 * Mutates `root` in place at a random path (or replaces it): a bad value, a
 * malformed string, a deleted or renamed key, an extra key. Returns the new
 * root and what was done.
 */
export function mutate(root: Json, rng: Rng): { root: Json; mutation: Mutation } {
  const all = paths(root);
  const path = rng.pick(all);
  const kind = rng.int(10);
  if (path.length === 0) {
    const value = rng.pick(BAD_VALUES);
    return { root: clone(value), mutation: { op: `body = ${show(value)}`, path } };
  }
  const parent = parentOf(root, path) as Record<string, Json> | Json[];
  const key = path[path.length - 1];
  const current = (parent as Record<string, Json>)[key as string];
  if (kind <= 1) {
    (parent as Record<string, Json>)[key as string] = null;
    return { root, mutation: { op: 'null', path, mustName: current !== null } };
  }
  if (kind === 2) {
    const bad =
      typeof current === 'string' && current.length > 0 && rng.chance(0.5)
        ? current.slice(0, 1) + rng.pick(MALFORMED) + current.slice(1)
        : rng.pick(MALFORMED);
    (parent as Record<string, Json>)[key as string] = bad;
    return { root, mutation: { op: `malformed ${show(bad)}`, path, mustName: true } };
  }
  if (kind === 3 && !Array.isArray(parent)) {
    delete parent[key as string];
    return { root, mutation: { op: 'delete', path } };
  }
  if (kind === 4 && !Array.isArray(parent)) {
    const renamed = rng.pick([
      '__proto__',
      'constructor',
      'toString',
      '\ud800',
      '',
      'x'.repeat(300),
    ]);
    delete parent[key as string];
    setOwn(parent, renamed, current);
    return { root, mutation: { op: `rename to ${show(renamed)}`, path } };
  }
  if (kind === 5 && current !== null && typeof current === 'object') {
    const extra = rng.pick(['__proto__', 'constructor', 'extra', '\udfff', 'prototype']);
    const value = rng.pick(BAD_VALUES);
    if (Array.isArray(current)) current.push(clone(value));
    else setOwn(current, extra, clone(value));
    return {
      root,
      mutation: { op: `add ${show(extra)}: ${show(value)}`, path, mustName: false },
    };
  }
  const value = rng.pick(BAD_VALUES);
  (parent as Record<string, Json>)[key as string] = clone(value);
  const malformed = typeof value === 'string' && LONE_SURROGATE.test(value);
  return { root, mutation: { op: `= ${show(value)}`, path, mustName: malformed } };
}

/** A value shortened for messages, lone surrogates escaped. */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** Bad path ids: not numbers, out of range, malformed percent-encoding, prototype names. */
export const BAD_IDS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  'abc',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '99999999999',
  '2147483648',
  '9007199254740993',
  '%20',
  '%00',
  '%ED%A0%80',
  '%FF',
  '%E0%A4%A',
  '%',
  '%25',
  '%D9%A1',
  '1%00',
  '1;2',
  '..',
  'x'.repeat(300),
];

/** Bad query values (percent-encoded as sent). */
export const BAD_QUERY = [
  'abc',
  '-1',
  '0',
  '1.5',
  '99999999999',
  '%ED%A0%80',
  '%FF',
  '%00',
  '__proto__',
  'constructor',
  '',
];

/** Values of the language cookie and `lang` query that name no language. */
export const BAD_LANGS = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  'prototype',
  'j:{"a":1}',
  'j:["constructor"]',
  'j:"\\ud800"',
  'j:null',
  'j:[]',
  '%ED%A0%80',
  '%FF',
  'en%00',
  '',
  'x'.repeat(300),
];

/** Values of the session cookie and bearer token that are no token. */
export const BAD_TOKENS = [
  'constructor',
  '__proto__',
  'j:{"a":1}',
  'j:"\\ud800"',
  'j:[1,2]',
  '%ED%A0%80',
  '%FF',
  '',
  'x'.repeat(2000),
  's:abc.def',
];

/** `If-Match` values. */
export const BAD_IF_MATCH = [
  '*',
  'abc',
  '-1',
  '0',
  '99999999999',
  '"1"',
  'W/"1"',
  '1, 2',
  '"',
  'W/',
  '\u00ff',
  'constructor',
];

/** `Content-Type` values for a body. */
export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/merge-patch+json',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/json; charset=',
  'constructor',
];

/** Raw bodies that are not a JSON document of UTF-8 text. */
export const RAW_BODIES: Buffer[] = [
  Buffer.from('{"email":"\xc0\xaf@example.org","password":"x"}', 'latin1'),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
  Buffer.from('{"a":'),
  Buffer.from('\ufeff{"a":1}'),
  Buffer.from('{"a":1,"a":2}'),
  Buffer.from('{"__proto__":{"admin":true}}'),
  Buffer.from('{"constructor":{"prototype":{"x":1}}}'),
  Buffer.from('[' + '1,'.repeat(1000) + '1]'),
  Buffer.from('"just a string"'),
  Buffer.from('123'),
  Buffer.from('null'),
  Buffer.from('{"a":1e999999}'),
  Buffer.from('{"a":"\\u0000"}'),
  Buffer.from(' '),
];
