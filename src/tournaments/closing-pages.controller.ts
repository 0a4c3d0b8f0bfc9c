import { Controller, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Roles } from '../auth/roles.decorator';
import { IdParam } from '../common/api/id-param';
import { DomainError } from '../common/errors';
import type { OrganiserConfirmPage } from '../render/view-models';
import { ClosingService } from './closing.service';
import { ConfirmForm, type CheckedForm } from '../web/form-dto';
import { PageForm } from '../web/page-form';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { SameOriginGuard } from '../web/same-origin.guard';
import { ratingUrls, urls } from '../web/urls';

/** The organiser's: closing and reopening a tournament, each after a question. */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('organiser')
@Controller('organiser')
export class ClosingPagesController {
  constructor(private readonly closing: ClosingService) {}

  @Post('tournaments/:id/close')
  async close(
    @IdParam('id', 'tournament') id: number,
    @PageForm(ConfirmForm) form: CheckedForm<ConfirmForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    await this.act(id, 'close', form.values.confirm, req, res);
  }

  @Post('tournaments/:id/reopen')
  async reopen(
    @IdParam('id', 'tournament') id: number,
    @PageForm(ConfirmForm) form: CheckedForm<ConfirmForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    await this.act(id, 'reopen', form.values.confirm, req, res);
  }

  private async act(
    id: number,
    what: 'close' | 'reopen',
    confirmed: boolean,
    req: AuthedRequest,
    res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const back = urls.orgTournament(id);
    const preview = await this.closing.preview(id);
    if (!confirmed) {
      const params = { name: preview.name, n: preview.pending };
      const model: OrganiserConfirmPage = {
        ...page.base(
          page.t(`confirm.${what}.title`, params),
          page.crumbs(
            { label: page.t('page.organiser'), url: urls.organiser },
            { label: preview.name, url: back },
          ),
        ),
        lines: [page.t(`confirm.${what}.what`, params)],
        items:
          what === 'close' && preview.pending > 0 ? [page.t('confirm.close.pending', params)] : [],
        note: what === 'close' ? page.t('confirm.close.undo') : '',
        action: what === 'close' ? ratingUrls.close(id) : ratingUrls.reopen(id),
        fields: [],
        button: page.t(`confirm.${what}.button`, params),
        danger: true,
        cancel: page.t('confirm.cancel'),
        cancelUrl: back,
      };
      await page.render('organiser/confirm', model);
      return;
    }
    try {
      if (what === 'close') await this.closing.close(id, true, page.user);
      else await this.closing.reopen(id, true, page.user);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      page.redirect(withQuery(back, { refused: e.code }));
      return;
    }
    page.redirect(withQuery(back, { done: what === 'close' ? 'closed' : 'reopened' }));
  }
}
