import { isMessageKey } from '../i18n';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { AuthedRequest } from '../common/public-user';
import { DomainError, ServiceBusy, TooManyRequests } from '../common/errors';
import { pageSentFrom } from '../common/same-origin';
import type { ErrorPage } from './error-page-models';
import { waitText } from './forms';
import { PageContext, withQuery } from './page-context';

/** The figures a refusal carries (`details.limit`), for the placeholders of its page message. */
function messageParams(exception: unknown): Record<string, string | number> | undefined {
  const details = exception instanceof DomainError ? exception.details : undefined;
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return undefined;
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(details as Record<string, unknown>)) {
    if (typeof v === 'string' || typeof v === 'number') params[k] = v;
  }
  return params;
}

/**
 * Errors of page routes as pages: a 401 on a page read sends the browser to
 * the sign-in form (and back afterwards); anything else is the `error` page
 * with its status and a message in the page's language, never a stack trace.
 * Unknown errors are logged and shown as a 500.
 */
@Catch()
export class PageErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Pages');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<AuthedRequest>();
    const res = http.getResponse<Response>();
    if (res.headersSent) return;
    const status =
      exception instanceof DomainError
        ? exception.status
        : exception instanceof HttpException
          ? exception.getStatus()
          : 500;
    // A refusal for want of room (503) or a wait (429) is deliberate: it says when to ask
    // again, and is not logged.
    if (exception instanceof ServiceBusy || exception instanceof TooManyRequests)
      res.setHeader('Retry-After', String(exception.retryAfter));
    else if (status >= 500) {
      this.logger.error(
        `${req.method} ${req.originalUrl}`,
        exception instanceof Error ? exception.stack : String(exception),
      );
    }
    const page = new PageContext(req, res);
    if (status === 401 && (req.method === 'GET' || req.method === 'HEAD')) {
      page.redirect(withQuery('/sign-in', { next: req.originalUrl }));
      return;
    }
    const code = exception instanceof DomainError ? exception.code : '';
    const message =
      code === 'CROSS_SITE'
        ? page.t('status.crossSite')
        : code && isMessageKey(`err.${code}`)
          ? page.t(`err.${code}` as 'err.other', {
              ...messageParams(exception),
              ...(exception instanceof TooManyRequests
                ? { wait: waitText(page.lang, exception.retryAfter) }
                : {}),
            })
          : isMessageKey(`status.${status}`)
            ? page.t(`status.${status}` as 'status.400')
            : page.t(status >= 500 ? 'status.500' : 'status.400');
    // A wait is not an error of the reader's: it is titled as one and says where to ask again.
    const wait = status === 429 || status === 503;
    const read = req.method === 'GET' || req.method === 'HEAD';
    // After a wait, a page read is asked for again; a form's send that waited or failed on the
    // server goes back to the page the form was on, to be sent again from there.
    const formAgain = !read && (wait || status >= 500);
    const again = wait && read ? req.originalUrl : formAgain ? pageSentFrom(req) : null;
    const model: ErrorPage = {
      ...page.base(page.t(wait ? 'page.wait' : 'page.error'), page.crumbs()),
      status: wait ? null : status,
      message,
      retry: again ? { href: again, label: page.t('page.tryAgain') } : null,
    };
    page.render('error', model, status).catch((e: unknown) => {
      this.logger.error('the error page failed', e instanceof Error ? e.stack : String(e));
      if (!res.headersSent) res.status(status).type('text').send(message);
    });
  }
}
