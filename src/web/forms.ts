import { isMessageKey, t } from '../i18n';
import { HttpException, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { DomainError, TooManyRequests } from '../common/errors';
import type { Lang } from '../i18n';
import type { FieldError } from '../render/view-models';
import { normaliseClock } from '../sheet-form/form';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A file posted with a form (multipart), as the file interceptor gives it; none sent: undefined. */
export type Uploaded = { buffer: Buffer; size: number } | undefined;

/**
 * A form that posts one file as `field` (multipart) beside a few text fields, the file and each
 * field at most `limit` bytes: a larger one is refused before the handler runs.
 */
export function FormWithFile(field: string, limit: number): MethodDecorator {
  return UseInterceptors(
    FileInterceptor(field, {
      limits: { fileSize: limit, files: 1, fields: 20, fieldSize: limit, parts: 21 },
    }),
  );
}

/**
 * Reads a posted form (urlencoded or multipart) field by field, collecting
 * each field's error in the page's language. Values come back as typed, for
 * the form to be shown again.
 */
export class FormReader {
  readonly errors: FieldError[] = [];

  constructor(
    private readonly body: unknown,
    private readonly lang: Lang,
  ) {}

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
    return this.errors.length === 0;
  }

  fail(field: string, message: string): void {
    if (!this.errors.some((e) => e.field === field)) this.errors.push({ field, message });
  }

  /** Trimmed text; `null` when empty and not required. */
  text(name: string, options: { required?: boolean; max: number }): string | null {
    const value = this.raw(name).trim();
    if (value === '') {
      if (options.required) this.fail(name, t(this.lang, 'form.required'));
      return null;
    }
    if (CONTROL.test(value)) this.fail(name, t(this.lang, 'form.control'));
    else if (value.length > options.max)
      this.fail(name, t(this.lang, 'form.tooLong', { max: options.max }));
    return value;
  }

  /** A whole number in a range; `null` when empty and not required. */
  int(name: string, min: number, max: number, required = false): number | null {
    const value = this.raw(name).trim();
    if (value === '') {
      if (required) this.fail(name, t(this.lang, 'form.required'));
      return null;
    }
    const n = /^[-+]?\d{1,9}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      this.fail(name, t(this.lang, 'form.integer', { min, max }));
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
      if (required) this.fail(name, t(this.lang, 'form.required'));
      return null;
    }
    const clock = normaliseClock(value);
    if (clock === null) {
      this.fail(name, t(this.lang, 'form.clock'));
      return null;
    }
    return clock;
  }

  /** A date `YYYY-MM-DD` that exists. */
  date(name: string, required = false): string | null {
    const value = this.raw(name).trim();
    if (value === '') {
      if (required) this.fail(name, t(this.lang, 'form.required'));
      return null;
    }
    const d = new Date(`${value}T00:00:00Z`);
    if (!DATE.test(value) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) {
      this.fail(name, t(this.lang, 'form.date'));
      return null;
    }
    return value;
  }

  /** One of the values offered. */
  choice<T extends string>(name: string, values: readonly T[], fallback?: T): T | null {
    const value = this.raw(name).trim();
    if (value === '' && fallback !== undefined) return fallback;
    if ((values as readonly string[]).includes(value)) return value as T;
    this.fail(name, t(this.lang, value === '' ? 'form.required' : 'form.choice'));
    return null;
  }
}

/** The domain error inside an exception, if it is one. */
export function asDomainError(e: unknown): DomainError | null {
  return e instanceof DomainError ? e : null;
}

/** The HTTP status of any exception (500 for the unknown). */
export function statusOf(e: unknown): number {
  if (e instanceof DomainError) return e.status;
  if (e instanceof HttpException) return e.getStatus();
  return 500;
}

/**
 * A refusal of the server in the page's language: the code's own message
 * when the table has one (with `params`), else the status's. Unknown errors
 * are rethrown, so that they reach the error page and the log.
 */
/** A wait as a person reads it, in the page's letters: "40 s", past a minute "15 min". */
export function waitText(lang: Lang, seconds: number): string {
  return seconds < 60
    ? t(lang, 'time.seconds', { n: seconds })
    : t(lang, 'time.minutes', { n: Math.ceil(seconds / 60) });
}

export function refusal(
  lang: Lang,
  e: unknown,
  params: Record<string, string | number> = {},
): { status: number; message: string; code: string } {
  if (!(e instanceof DomainError)) throw e;
  const key = `err.${e.code}`;
  const message = isMessageKey(key)
    ? t(
        lang,
        key,
        e instanceof TooManyRequests ? { wait: waitText(lang, e.retryAfter), ...params } : params,
      )
    : isMessageKey(`status.${e.status}`)
      ? t(lang, `status.${e.status}` as 'status.400')
      : t(lang, 'err.other');
  return { status: e.status, message, code: e.code };
}
