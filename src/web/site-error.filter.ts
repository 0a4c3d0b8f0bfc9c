import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { Request } from 'express';
import { isApiPath } from '../common/body/body-limits';
import { ErrorFilter } from '../common/error.filter';
import { PageErrorFilter } from './page-error.filter';

/**
 * The application's error filter: API paths answer with the stable JSON error
 * body; any other path a browser asked for (a mistyped page address, say)
 * gets the error page in the reader's language.
 */
@Catch()
export class SiteErrorFilter implements ExceptionFilter {
  private readonly api = new ErrorFilter();
  private readonly pages = new PageErrorFilter();

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<Request>();
    const isApi = isApiPath(request.path);
    const wantsPage = !isApi && request.accepts(['json', 'html']) === 'html';
    (wantsPage ? this.pages : this.api).catch(exception, host);
  }
}
