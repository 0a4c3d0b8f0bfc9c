import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { DomainError, ServiceBusy, TooManyRequests } from './errors';

/** The body of every error response. */
export interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  details?: unknown;
}

const HTTP_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  428: 'PRECONDITION_REQUIRED',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * One place that turns errors into responses: domain errors and Nest's HTTP
 * exceptions keep their status and get a stable code; anything else is
 * logged and answered with a 500 that leaks nothing.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    const body = errorBody(exception);
    if (body.statusCode >= 500 && !(exception instanceof ServiceBusy)) {
      this.logger.error(
        `${request.method} ${request.url}`,
        exception instanceof Error ? exception.stack : String(exception),
      );
    }
    if (exception instanceof TooManyRequests || exception instanceof ServiceBusy) {
      response.setHeader('Retry-After', String(exception.retryAfter));
    }
    response.status(body.statusCode).json(body);
  }
}

/**
 * The answer an error gets: a domain error or Nest's HTTP exception keeps its status and gets a
 * stable code; anything else is a 500 that leaks nothing.
 */
export function errorBody(exception: unknown): ErrorBody {
  if (exception instanceof DomainError) {
    return {
      statusCode: exception.status,
      code: exception.code,
      message: exception.message,
      details: exception.details,
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const raw =
      typeof response === 'string' ? response : (response as { message?: unknown }).message;
    const messages = Array.isArray(raw)
      ? raw.map(String)
      : [typeof raw === 'string' ? raw : exception.message];
    return {
      statusCode: status,
      code:
        status === 400 && Array.isArray(raw)
          ? 'VALIDATION_FAILED'
          : (HTTP_CODES[status] ?? `HTTP_${status}`),
      message: messages.join('; '),
      ...(messages.length > 1 ? { details: messages } : {}),
    };
  }
  if (exception instanceof SyntaxError && 'body' in exception) {
    return {
      statusCode: 400,
      code: 'BAD_JSON',
      message: `the request body is not valid JSON: ${exception.message}`,
    };
  }
  if (
    exception instanceof QueryFailedError &&
    /UNIQUE|unique constraint|duplicate key/i.test(exception.message)
  ) {
    return { statusCode: 409, code: 'DUPLICATE', message: 'that already exists' };
  }
  return {
    statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
    code: 'INTERNAL',
    message: 'something went wrong on the server; it has been logged',
  };
}
