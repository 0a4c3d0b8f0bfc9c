import { DomainError } from '../common/errors';

/** A refusal as the job ended with it: the status, code, message and details of its domain error. */
export interface JobRefusal {
  status: number;
  code: string;
  message: string;
  details?: unknown;
}

/** A domain error (thrown where it happened, or rebuilt from a worker's message) as a refusal. */
export function refusalOf(error: unknown): JobRefusal | null {
  if (error instanceof DomainError && error.status < 500) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      details: error.details,
    };
  }
  return null;
}
