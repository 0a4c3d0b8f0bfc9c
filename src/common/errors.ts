/**
 * Domain errors: plain Error subclasses that the exception filter maps to a
 * status and a stable code. Services throw them; controllers never build HTTP errors.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/**
 * What each error code's details hold, by code. A context adds the codes it throws with details to
 * this interface (`declare module '../common/errors'`, beside the code that throws them); a page
 * reads them through {@link detailsOf}, typed, and the throw checks them with `satisfies`.
 */
export interface ErrorDetails {}

/** The details of `e` when it is a domain error of `code`; else null. */
export function detailsOf<C extends keyof ErrorDetails>(
  e: unknown,
  code: C,
): ErrorDetails[C] | null {
  return e instanceof DomainError && e.code === code ? (e.details as ErrorDetails[C]) : null;
}

/** 404: the thing asked for does not exist. */
export class NotFound extends DomainError {
  constructor(what: string, id: number | string) {
    super(404, 'NOT_FOUND', `${what} ${id} does not exist`);
  }
}

/** 409: the request clashes with the state (a round already paired, a stale version). */
export class Conflict extends DomainError {
  constructor(code: string, message: string, details?: unknown) {
    super(409, code, message, details);
  }
}

/** 422: well-formed but not acceptable (a result that contradicts the verified sheet). */
export class Unprocessable extends DomainError {
  constructor(code: string, message: string, details?: unknown) {
    super(422, code, message, details);
  }
}

/** 400: the input itself is wrong. */
export class BadInput extends DomainError {
  constructor(code: string, message: string, details?: unknown) {
    super(400, code, message, details);
  }
}

/** 401: not signed in. */
export class Unauthenticated extends DomainError {
  constructor(message = 'sign in first') {
    super(401, 'UNAUTHENTICATED', message);
  }
}

/** 403: signed in, but the role may not do this. */
export class Forbidden extends DomainError {
  constructor(message: string, code = 'FORBIDDEN', details?: unknown) {
    super(403, code, message, details);
  }
}

/** 428: a change of something that exists, sent without the version it was based on (If-Match). */
export class PreconditionRequired extends DomainError {
  constructor(message: string, details?: unknown) {
    super(428, 'IF_MATCH_REQUIRED', message, details);
  }
}

/** 429: too many attempts (signing in); `retryAfter` is in seconds. */
export class TooManyRequests extends DomainError {
  constructor(
    code: string,
    message: string,
    readonly retryAfter: number,
  ) {
    super(429, code, message, { retryAfter });
  }
}

/** 413: a request body, or a form's fields, beyond what its route takes. */
export class TooLarge extends DomainError {
  constructor(code: string, message: string, details?: unknown) {
    super(413, code, message, details);
  }
}

/** 415: a body of a type the route does not take (a form posted to the JSON API). */
export class UnsupportedMediaType extends DomainError {
  constructor(message: string, details?: unknown) {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', message, details);
  }
}

/**
 * 503: the process has as much work as it takes at once (`RENDER_QUEUE`); `retryAfter` is
 * in seconds. A deliberate refusal, answered with `Retry-After`, not a failure to log.
 */
export class ServiceBusy extends DomainError {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(503, 'BUSY', message, { retryAfter });
  }
}
