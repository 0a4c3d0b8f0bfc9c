import { Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { IdParam } from '../common/api/id-param';
import { DomainError } from '../common/errors';
import type { OrganiserConfirmPage } from '../render/view-models';
import type { CheckedForm } from '../web/form-dto';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { PageForm } from '../web/page-form';
import { SameOriginGuard } from '../web/same-origin.guard';
import { urls } from '../web/urls';
import {
  ACCOUNT_ROLES,
  checkPassword,
  NewAccountForm,
  PasswordForm,
  RemoveAccountForm,
} from './account-forms';
import { accountUrls, type AccountPasswordPage, type AccountsPage } from './account-page-models';
import { AccountsService } from './accounts.service';
import type { AuthedRequest } from './auth.guard';
import { AuthService } from './auth.service';
import { PASSWORD_MIN } from './password';
import { Roles } from './roles.decorator';

/**
 * The site administrator's accounts page: every account with the tournaments it has a role in,
 * a new account, a new password for a forgotten one, and an account's removal (asked first).
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Roles('administrator')
@Controller('organiser/accounts')
export class AccountsPagesController {
  constructor(
    private readonly auth: AuthService,
    private readonly accounts: AccountsService,
  ) {}

  @Get()
  async list(@Req() req: AuthedRequest, @Res() res: Response): Promise<void> {
    const page = new PageContext(req, res);
    await page.render('organiser/accounts', await this.listModel(page, await this.flash(page)));
  }

  /** Posts `name`, `email`, `role`, `password` and `repeat`. */
  @Post()
  async create(
    @PageForm(NewAccountForm) form: CheckedForm<NewAccountForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    checkPassword(form);
    if (form.ok) {
      const { name, email, role, password } = form.values;
      try {
        const made = await this.auth.createUser({
          name: name!,
          email: email!,
          role: role!,
          password,
        });
        page.redirect(withQuery(accountUrls.list, { made: made.id }));
        return;
      } catch (e) {
        if (!(e instanceof DomainError) || e.code !== 'USER_EXISTS') throw e;
        form.fail('email', 'err.USER_EXISTS');
      }
    }
    const model = await this.listModel(page, null, {
      values: { name: form.typed('name'), email: form.typed('email') },
      role: form.typed('role'),
      errors: form.errorsIn(page.lang),
    });
    await page.render('organiser/accounts', model, 400);
  }

  @Get(':id/password')
  async passwordForm(
    @IdParam('id', 'account') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    await page.render('organiser/account-password', await this.passwordModel(page, id));
  }

  /** Posts `password` and `repeat`: the account's new password; its sign-ins end. */
  @Post(':id/password')
  async setPassword(
    @IdParam('id', 'account') id: number,
    @PageForm(PasswordForm) form: CheckedForm<PasswordForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    checkPassword(form);
    if (!form.ok) {
      const model = await this.passwordModel(page, id, form.errorsIn(page.lang));
      await page.render('organiser/account-password', model, 400);
      return;
    }
    await this.accounts.setPassword(id, form.values.password);
    page.redirect(withQuery(accountUrls.list, { passwordSet: id }));
  }

  /** Removes an account: first a page naming it and what goes with it, then with `confirm`. */
  @Post(':id/remove')
  async remove(
    @IdParam('id', 'account') id: number,
    @PageForm(RemoveAccountForm) form: CheckedForm<RemoveAccountForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const account = await this.accounts.get(id);
    if (id === page.user!.id) {
      page.redirect(withQuery(accountUrls.list, { refused: 'OWN_ACCOUNT' }));
      return;
    }
    if (!form.values.confirm) {
      const tournaments = await this.accounts.tournamentsOf(id);
      const params = { name: account.name, email: account.email, n: tournaments.length };
      const model: OrganiserConfirmPage = {
        ...page.base(
          page.t('accounts.remove.title', params),
          page.crumbs(
            { label: page.t('page.organiser'), url: urls.organiser },
            { label: page.t('accounts.title'), url: accountUrls.list },
          ),
        ),
        lines: [
          page.t('accounts.remove.what', params),
          tournaments.length
            ? page.t('accounts.remove.roles', params)
            : page.t('accounts.remove.noRoles', params),
        ],
        items: tournaments.map((t) =>
          page.t('accounts.remove.role', { tournament: t.name, role: page.t(`role.${t.role}`) }),
        ),
        note: page.t('accounts.remove.note'),
        action: accountUrls.remove(id),
        fields: [],
        button: page.t('accounts.remove.button', params),
        danger: true,
        cancel: page.t('common.cancel'),
        cancelUrl: accountUrls.list,
      };
      await page.render('organiser/confirm', model);
      return;
    }
    await this.accounts.remove(id, page.user!);
    page.redirect(withQuery(accountUrls.list, { removed: account.name }));
  }

  /** The flash of a redirect here: an account made, a password set, an account removed. */
  private async flash(page: PageContext): Promise<AccountsPage['flash']> {
    const named = async (key: 'accounts.made' | 'accounts.passwordSet', value: string) => {
      const id = Number(value);
      const account = Number.isSafeInteger(id) && id > 0 ? await this.accounts.find(id) : null;
      return account ? { tone: 'ok' as const, text: page.t(key, { name: account.name }) } : null;
    };
    const made = page.query('made');
    const passwordSet = page.query('passwordSet');
    const removed = page.query('removed');
    if (made) return named('accounts.made', made);
    if (passwordSet) return named('accounts.passwordSet', passwordSet);
    if (removed)
      return { tone: 'ok', text: page.t('accounts.removed', { name: removed.slice(0, 200) }) };
    return page.flashFromQuery();
  }

  private async listModel(
    page: PageContext,
    flash: AccountsPage['flash'],
    form: { values: AccountsPage['values']; role: string; errors: AccountsPage['errors'] } = {
      values: { name: '', email: '' },
      role: 'judge',
      errors: [],
    },
  ): Promise<AccountsPage> {
    const me = page.user!.id;
    return {
      ...page.base(
        page.t('accounts.title'),
        page.crumbs({ label: page.t('page.organiser'), url: urls.organiser }),
        flash,
      ),
      accounts: (await this.accounts.list()).map(({ user, tournaments }) => ({
        id: user.id,
        name: user.name,
        email: user.email,
        role: page.t(`role.${user.role}`),
        admin: user.admin,
        own: user.id === me,
        tournaments: tournaments.map((t) => ({
          name: t.name,
          url: accountUrls.tournament(t.tournamentId),
          role: page.t(`role.${t.role}`),
        })),
        passwordUrl: accountUrls.password(user.id),
        removeAction: accountUrls.remove(user.id),
      })),
      createAction: accountUrls.list,
      roles: ACCOUNT_ROLES.map((r) => ({
        value: r,
        label: page.t(`role.${r}`),
        selected: r === form.role,
      })),
      values: form.values,
      passwordHint: page.t('accounts.passwordHint', { min: PASSWORD_MIN }),
      errors: form.errors,
    };
  }

  private async passwordModel(
    page: PageContext,
    id: number,
    errors: AccountPasswordPage['errors'] = [],
  ): Promise<AccountPasswordPage> {
    const account = await this.accounts.get(id);
    const params = { name: account.name, email: account.email };
    return {
      ...page.base(
        page.t('accounts.password.title', params),
        page.crumbs(
          { label: page.t('page.organiser'), url: urls.organiser },
          { label: page.t('accounts.title'), url: accountUrls.list },
        ),
      ),
      account: params,
      lines: [
        page.t('accounts.password.what', params),
        page.t('accounts.password.signOut', params),
      ],
      action: accountUrls.password(id),
      passwordHint: page.t('accounts.passwordHint', { min: PASSWORD_MIN }),
      button: page.t('accounts.password.button', params),
      cancelUrl: accountUrls.list,
      errors,
    };
  }
}
