import { t, type Lang, type MessageKey, type MessageParams } from '../i18n';
import type { FieldError } from '../render/view-models';
import { normaliseClock } from '../sheet-form/form';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A field's problem as a message key and its parameters, worded in a page's language only when
 * shown; or a message a handler has already worded.
 */
export type FormProblem =
  { field: string; key: MessageKey; params?: MessageParams } | { field: string; message: string };

/** A problem in the page's language. */
export function wordProblem(lang: Lang, p: FormProblem): FieldError {
  return 'key' in p
    ? { field: p.field, message: t(lang, p.key, p.params) }
    : { field: p.field, message: p.message };
}

/**
 * Reads a posted form (urlencoded or multipart) field by field, collecting each field's first
 * problem as a message key: no language is needed until the problems are shown.
 */
export class FieldReader {
  readonly problems: FormProblem[] = [];

  constructor(private readonly body: unknown) {}

  /** A field as the body has it: undefined when absent, a list when repeated. */
  private field(name: string): unknown {
    if (typeof this.body !== 'object' || this.body === null) return undefined;
    return (this.body as Record<string, unknown>)[name];
  }

  /** A field's text as sent ('' when absent; the first of repeated fields). */
  raw(name: string): string {
    const v = this.field(name);
    const first: unknown = Array.isArray(v) ? v[0] : v;
    return typeof first === 'string' ? first : '';
  }

  /** Every value of a repeated field as sent, in order (the strings only). */
  list(name: string): string[] {
    const v = this.field(name);
    const all: unknown[] = Array.isArray(v) ? v : v === undefined ? [] : [v];
    return all.filter((x): x is string => typeof x === 'string');
  }

  get ok(): boolean {
    return this.problems.length === 0;
  }

  /** Records `field`'s problem, unless it has one already (the first one read is shown). */
  problem(field: string, key: MessageKey, params?: MessageParams): void {
    this.add(params === undefined ? { field, key } : { field, key, params });
  }

  protected add(p: FormProblem): void {
    if (!this.problems.some((e) => e.field === p.field)) this.problems.push(p);
  }

  /** Trimmed text; `null` when empty and not required. */
  text(name: string, options: { required?: boolean; max: number }): string | null {
    const value = this.raw(name).trim();
    if (value === '') {
      if (options.required) this.problem(name, 'form.required');
      return null;
    }
    if (CONTROL.test(value)) this.problem(name, 'form.control');
    else if (value.length > options.max) this.problem(name, 'form.tooLong', { max: options.max });
    return value;
  }

  /** A whole number in a range; `null` when empty and not required. */
  int(name: string, min: number, max: number, required = false): number | null {
    const value = this.raw(name).trim();
    if (value === '') {
      if (required) this.problem(name, 'form.required');
      return null;
    }
    const n = /^[-+]?\d{1,9}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      this.problem(name, 'form.integer', { min, max });
      return null;
    }
    return n;
  }

  /**
   * A clock reading as `mm:ss` (or `-mm:ss`), typed as the sheet form takes it: `03:24`, `3.24`,
   * `3,24`, `3 24` or `324`.
   */
  clock(name: string, required = true): string | null {
    const value = this.raw(name).trim();
    if (value === '') {
      if (required) this.problem(name, 'form.required');
      return null;
    }
    const clock = normaliseClock(value);
    if (clock === null) {
      this.problem(name, 'form.clock');
      return null;
    }
    return clock;
  }

  /** A date `YYYY-MM-DD` that exists. */
  date(name: string, required = false): string | null {
    const value = this.raw(name).trim();
    if (value === '') {
      if (required) this.problem(name, 'form.required');
      return null;
    }
    const d = new Date(`${value}T00:00:00Z`);
    if (!DATE.test(value) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) {
      this.problem(name, 'form.date');
      return null;
    }
    return value;
  }

  /** One of the values offered. */
  choice<T extends string>(name: string, values: readonly T[], fallback?: T): T | null {
    const value = this.raw(name).trim();
    if (value === '' && fallback !== undefined) return fallback;
    if ((values as readonly string[]).includes(value)) return value as T;
    this.problem(name, value === '' ? 'form.required' : 'form.choice');
    return null;
  }
}

/**
 * How one field of a page's form is read: its typed value, its problem recorded in `form`.
 * `context` is what the handler passed to {@link readForm} (the rule set's figures of a result
 * form), for a field read only where the game asks it; a form read by the pipe has none.
 */
type FieldRule = (form: FieldReader, name: string, context: unknown) => unknown;

const RULES = Symbol('page form fields');

export type FormClass<T> = (new () => T) & { [RULES]?: [string, FieldRule][] };

/**
 * Declares a field of a page form's DTO; the fields are read in the order they are declared, a
 * subclass's after those of the form it extends.
 */
function fieldOf(rule: FieldRule): PropertyDecorator {
  return (target, property) => {
    const form = target.constructor as FormClass<unknown>;
    // A copy each time: the fields of the form a subclass extends stay as they are.
    form[RULES] = [...(form[RULES] ?? []), [String(property), rule]];
  };
}

/**
 * Reads the field below it only when `asked` says so, from the form as sent and the handler's
 * context; otherwise it is `null` and not checked. Put it above the field's own decorator.
 */
export function ReadIf<C = unknown>(
  asked: (form: FieldReader, context: C) => boolean,
): PropertyDecorator {
  return (target, property) => {
    const form = target.constructor as FormClass<unknown>;
    const rules = form[RULES] ?? [];
    const at = rules.findIndex(([name]) => name === String(property));
    if (at < 0)
      throw new Error(`@ReadIf must be above the field's own decorator (${String(property)})`);
    const [name, rule] = rules[at];
    rules[at] = [name, (f, n, c) => (asked(f, c as C) ? rule(f, n, c) : null)];
  };
}

/** Reads the field below it only when `field` was sent as `value` (a note asked only for a sheet given back). */
export function ReadWhen(field: string, value: string): PropertyDecorator {
  return ReadIf((form) => form.raw(field).trim() === value);
}

/** Reads the field below it unless `field` was sent as one of `values` (no scores for a forfeit). */
export function ReadUnless(field: string, values: readonly string[]): PropertyDecorator {
  return ReadIf((form) => !values.includes(form.raw(field).trim()));
}

/** A second check of a text once it is read: a pattern it must match, and what to say if not. */
export interface TextPattern {
  pattern: RegExp;
  key: MessageKey;
  params?: MessageParams;
}

/**
 * Trimmed text, `null` when empty; at most `max` characters, no control characters. Required
 * always, or (`requiredUnless`) when the named field is empty.
 */
export function Text(options: {
  max: number;
  required?: boolean;
  requiredUnless?: string;
  match?: TextPattern;
}): PropertyDecorator {
  return fieldOf((form, name) => {
    const required =
      options.required ??
      (options.requiredUnless !== undefined && form.raw(options.requiredUnless).trim() === '');
    const value = form.text(name, { required, max: options.max });
    const match = options.match;
    if (value !== null && match !== undefined && !match.pattern.test(value)) {
      form.problem(name, match.key, match.params);
    }
    return value;
  });
}

/** A whole number from `min` to `max`, `null` when empty and not required. */
export function Int(
  min: number,
  max: number,
  options: { required?: boolean } = {},
): PropertyDecorator {
  return fieldOf((form, name) => form.int(name, min, max, options.required ?? false));
}

/**
 * A clock reading `mm:ss` as the sheet form takes it (`3.24`, `324`, `-1:05`), `null` when empty
 * and not required.
 */
export function Clock(options: { required?: boolean } = {}): PropertyDecorator {
  return fieldOf((form, name) => form.clock(name, options.required ?? false));
}

/** A date `YYYY-MM-DD` that exists, `null` when empty and not required. */
export function DateField(options: { required?: boolean } = {}): PropertyDecorator {
  return fieldOf((form, name) => form.date(name, options.required ?? false));
}

/** One of `values` (trimmed); empty is `fallback` when there is one, else a problem. */
export function Choice<T extends string>(values: readonly T[], fallback?: T): PropertyDecorator {
  return fieldOf((form, name) => form.choice(name, values, fallback));
}

/** A box ticked or a button's value sent: true when the field is there and not empty. */
export function Flag(): PropertyDecorator {
  return fieldOf((form, name) => form.raw(name) !== '');
}

/** The field exactly as sent (`''` when absent), for a value that is checked elsewhere. */
export function Raw(): PropertyDecorator {
  return fieldOf((form, name) => form.raw(name));
}

/** A pasted text as sent (`''` when absent), its line ends (`\r\n`, `\r`) made `\n`. */
export function Pasted(): PropertyDecorator {
  return fieldOf((form, name) => form.raw(name).replace(/\r\n?/g, '\n'));
}

/** Every value of a repeated field exactly as sent, in order (none sent: `[]`). */
export function RawList(): PropertyDecorator {
  return fieldOf((form, name) => form.list(name));
}

/**
 * A series of fields of one pattern, each exactly as sent (`''` when absent), by its key: the
 * field `name(key)` of each of `keys` (the numbered `place1` … `place50`, a field per kind). The
 * property's own name is not a field.
 */
export function RawSeries<K extends string | number>(
  keys: readonly K[],
  name: (key: K) => string,
): PropertyDecorator {
  return fieldOf((form) => Object.fromEntries(keys.map((k) => [k, form.raw(name(k))])));
}

/**
 * A page's posted form, read by its DTO: the typed values, the values as typed (to show the form
 * again), and each field's first problem as a message key. A handler may add problems the rules
 * find later (`fail`); the page words them in its language (`errorsIn`).
 *
 * An interface, not a class, on purpose: a handler's parameter typed by a class would be
 * validated again by the global API validation pipe as that class.
 */
export interface CheckedForm<T> {
  readonly values: T;
  readonly ok: boolean;
  readonly problems: readonly FormProblem[];
  typed(name: keyof T & string): string;
  fail(field: string, key: MessageKey, params?: MessageParams): void;
  errorsIn(lang: Lang): FieldError[];
}

class ReadForm<T> implements CheckedForm<T> {
  constructor(
    readonly values: T,
    private readonly reader: FieldReader,
  ) {}

  get ok(): boolean {
    return this.reader.ok;
  }

  get problems(): readonly FormProblem[] {
    return this.reader.problems;
  }

  /** A field's text as sent (`''` when absent). */
  typed(name: keyof T & string): string {
    return this.reader.raw(name);
  }

  fail(field: string, key: MessageKey, params?: MessageParams): void {
    this.reader.problem(field, key, params);
  }

  errorsIn(lang: Lang): FieldError[] {
    return this.reader.problems.map((p) => wordProblem(lang, p));
  }
}

/**
 * Reads `body` by the form DTO `dto`: each field in the order declared. `context` is for the
 * fields a game asks or not ({@link ReadIf}): a page form whose fields are all fixed is read by
 * the pipe (`@PageForm`) instead.
 */
export function readForm<T>(dto: new () => T, body: unknown, context?: unknown): CheckedForm<T> {
  const reader = new FieldReader(body);
  const values = new dto() as Record<string, unknown>;
  for (const [name, rule] of (dto as FormClass<T>)[RULES] ?? [])
    values[name] = rule(reader, name, context);
  return new ReadForm(values as T, reader);
}

/** An action that asks first: posted without `confirm` it shows what it will do. */
export class ConfirmForm {
  @Flag() confirm!: boolean;
}
