import { isMessageKey, t } from '../i18n';
import { HttpException, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { DomainError, TooManyRequests } from '../common/errors';
import type { Lang } from '../i18n';

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
