import {
  Controller,
  Get,
  Inject,
  Param,
  Post,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthedRequest } from '../auth/auth.guard';
import { Public } from '../auth/roles.decorator';
import { IdParam } from '../common/api/id-param';
import { DomainError, NotFound } from '../common/errors';
import { formatDateTime } from '../i18n/time';
import type { MessageKey } from '../i18n';
import type { FieldError } from '../render/view-models';
import { RegistryService } from '../registry/registry.service';
import { DeviceCookies } from '../throttle/device-cookies';
import { ConfirmForm, type CheckedForm } from '../web/form-dto';
import { refusal } from '../web/forms';
import { PageContext, withQuery } from '../web/page-context';
import { PageErrorFilter } from '../web/page-error.filter';
import { PageForm } from '../web/page-form';
import { SameOriginGuard } from '../web/same-origin.guard';
import { urls } from '../web/urls';
import { EntriesService, type EntriesState, type EntryView } from './entries.service';
import { EnterForm } from './entry-forms';
import type { EnterPage, EntriesListPage, EntryPage } from './entry-page-models';
import { entryClientOf, EntryThrottle } from './entry-throttle';
import { ENTRY_TOKEN } from './entry-tokens';

/** The entry form's fields, by the catalogue's label of each (errors name the field). */
const FIELD_LABELS: Record<string, MessageKey> = {
  name: 'col.name',
  club: 'col.club',
  federationId: 'col.federationId',
  person: 'entry.person',
  email: 'entry.email',
  divisionId: 'col.division',
};

/**
 * The public pages of entries online, without an account: the entry form of a tournament, an
 * entry's private page (by its link's token) with its withdrawal, and the list of entries.
 */
@ApiExcludeController()
@UseFilters(PageErrorFilter)
@UseGuards(SameOriginGuard)
@Public()
@Controller()
export class EntriesPagesController {
  constructor(
    private readonly entries: EntriesService,
    private readonly registry: RegistryService,
    private readonly devices: DeviceCookies,
    @Inject(EntryThrottle) private readonly throttle: EntryThrottle,
  ) {}

  @Get('tournaments/:id/enter')
  async enterPage(
    @IdParam('id', 'tournament') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    // The phone's cookie comes with the form, so that its entry is counted as its own.
    entryClientOf(this.devices, req, res);
    const state = await this.entries.state(id);
    const personId = Number(page.query('person'));
    let values: Record<string, string> = {};
    let person: EnterPage['person'] = null;
    if (Number.isInteger(personId) && personId > 0) {
      const p = await this.registry.get(personId).catch(() => null);
      if (p) {
        values = { name: p.name, club: p.club ?? '', federationId: p.federationId ?? '' };
        person = { id: p.id, text: page.t('entry.asPerson', { name: p.name }) };
      }
    }
    // The registry searched by name (at least two letters): a person found fills the form.
    const q = (page.query('q') ?? '').trim().slice(0, 100);
    const found =
      q.length >= 2
        ? (await this.registry.search(q, 20)).map((p) => ({
            text: [p.name, p.club, p.country].filter(Boolean).join(', '),
            url: `${urls.enter(id)}?person=${p.id}`,
          }))
        : [];
    await page.render('public/enter', {
      ...this.enterModel(page, state, values, person, []),
      search: { q, searched: q.length >= 2, found },
    });
  }

  /**
   * Posts `name`, `club`, `federationId`, `person` (a registry person's id), `email` and
   * `divisionId`. Bad input is 400 naming each field, nothing stored; closed entries or a deadline
   * passed 409. A taken entry is answered with a redirect to its private page, which shows the
   * link once (and it is e-mailed when mail is set up).
   */
  @Post('tournaments/:id/enter')
  async enter(
    @IdParam('id', 'tournament') id: number,
    @PageForm(EnterForm) form: CheckedForm<EnterForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const state = await this.entries.state(id);
    const typed = Object.fromEntries(
      (['name', 'club', 'federationId', 'person', 'email', 'divisionId'] as const).map((f) => [
        f,
        form.typed(f),
      ]),
    );
    const person = form.values.person
      ? { id: form.values.person, text: page.t('entry.asPerson', { name: typed.name }) }
      : null;
    const again = (errors: FieldError[], status: number) =>
      page.render('public/enter', this.enterModel(page, state, typed, person, errors), status);
    try {
      await this.throttle.count(entryClientOf(this.devices, req, res));
    } catch (e) {
      const { status, message } = refusal(page.lang, e);
      await again([{ field: '', message }], status);
      return;
    }
    if (!form.ok) {
      await again(form.errorsIn(page.lang), 400);
      return;
    }
    const v = form.values;
    let entered: { entry: EntryView; token: string };
    try {
      entered = await this.entries.enter(
        id,
        {
          divisionId: v.divisionId!,
          name: v.name!,
          club: v.club,
          federationId: v.federationId,
          person: v.person,
          email: v.email!,
        },
        page.lang,
      );
    } catch (e) {
      const { status, message } = refusal(page.lang, e, this.refusalParams(page, state));
      const field = fieldOf(e);
      await again([{ field, message }], status);
      return;
    }
    const { entry, token } = entered;
    const mailed = this.entries.mailConfigured
      ? await this.entries.mailLink(entry, page.lang, state.tournament, entryLink(req, token))
      : null;
    // To the entry's own page (post, redirect, get): a reload or the back button shows the
    // entry again instead of sending it a second time.
    page.redirect(
      withQuery(urls.entry(token), {
        sent: '1',
        ...(mailed === null ? {} : { mail: mailed ? 'sent' : 'failed' }),
        // A language chosen on the form's address stays chosen on the entry's page.
        ...(typeof req.query.lang === 'string' ? { lang: req.query.lang } : {}),
      }),
    );
  }

  /** The list of entries: confirmed, and the waiting list, per division; no e-mails. */
  @Get('tournaments/:id/entries')
  async list(
    @IdParam('id', 'tournament') id: number,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const state = await this.entries.state(id);
    const entries = await this.entries.list(id);
    const model: EntriesListPage = {
      ...page.base(
        page.t('entry.listTitle', { tournament: state.tournament }),
        page.crumbs({ label: state.tournament, url: urls.tournament(id) }),
      ),
      divisions: state.divisions
        .filter((d) => d.takes || entries.some((e) => e.divisionId === d.divisionId))
        .map((d) => {
          const of = entries.filter((e) => e.divisionId === d.divisionId);
          return {
            name: d.name,
            confirmed: of
              .filter((e) => e.status === 'confirmed')
              .map((e) => ({ name: e.name, club: e.club ?? '' })),
            waiting: of
              .filter((e) => e.status === 'waiting')
              .map((e) => ({ place: e.place ?? 0, name: e.name, club: e.club ?? '' })),
          };
        }),
      enterUrl: state.open ? urls.enter(id) : null,
    };
    await page.render('public/entries', model);
  }

  @Get('entries/:token')
  async entryPage(
    @Param('token') token: string,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const entry = await this.entries.byToken(checkedToken(token));
    const state = await this.entries.state(entry.tournamentId);
    // Just sent (the entry form's redirect): the link to keep, and what became of its mail.
    const mail = req.query.mail;
    const sent =
      req.query.sent === '1'
        ? {
            link: entryLink(req, token),
            mailText:
              mail === 'sent' || mail === 'failed'
                ? page.t(mail === 'sent' ? 'entry.mailSent' : 'entry.mailFailed', {
                    email: entry.email,
                  })
                : null,
            mailTone: mail === 'failed' ? ('warn' as const) : ('ok' as const),
          }
        : {};
    await page.render('public/entry', this.entryModel(page, state.tournament, entry, token, sent));
  }

  /** Withdraws the entry of the link, after asking (posted without `confirm`, it asks). */
  @Post('entries/:token/withdraw')
  async withdraw(
    @Param('token') token: string,
    @PageForm(ConfirmForm) form: CheckedForm<ConfirmForm>,
    @Req() req: AuthedRequest,
    @Res() res: Response,
  ): Promise<void> {
    const page = new PageContext(req, res);
    const entry = await this.entries.byToken(checkedToken(token));
    const state = await this.entries.state(entry.tournamentId);
    if (!form.values.confirm) {
      await page.render('organiser/confirm', {
        ...page.base(
          page.t('entry.withdrawTitle'),
          page.crumbs({ label: state.tournament, url: urls.tournament(entry.tournamentId) }),
        ),
        lines: [
          page.t('entry.withdrawWhat', {
            name: entry.name,
            division: entry.division,
            tournament: state.tournament,
          }),
        ],
        items: [],
        note: page.t('entry.withdrawNote'),
        action: urls.entryWithdraw(token),
        fields: [],
        button: page.t('entry.withdraw'),
        danger: true,
        cancel: page.t('confirm.cancel'),
        cancelUrl: urls.entry(token),
      });
      return;
    }
    try {
      const withdrawn = await this.entries.withdraw(token);
      await page.render(
        'public/entry',
        this.entryModel(page, state.tournament, withdrawn, token, {}),
      );
    } catch (e) {
      const { status, message } = refusal(page.lang, e);
      await page.render(
        'public/entry',
        {
          ...this.entryModel(page, state.tournament, entry, token, {}),
          errors: [{ field: '', message }],
        },
        status,
      );
    }
  }

  /** The errors above the form, each starting with its field's label: `E-mail: Required.` */
  private named(page: PageContext, errors: FieldError[]): string[] {
    return errors.map((e) => {
      const label = FIELD_LABELS[e.field];
      return label ? `${page.t(label)}: ${e.message}` : e.message;
    });
  }

  private refusalParams(page: PageContext, state: EntriesState): Record<string, string> {
    const zone = page.timeZoneOf(state);
    return {
      deadline:
        state.deadlineMs === null
          ? ''
          : `${formatDateTime(page.lang, new Date(state.deadlineMs), zone)} (${zone})`,
    };
  }

  private enterModel(
    page: PageContext,
    state: EntriesState,
    values: Record<string, string>,
    person: EnterPage['person'],
    errors: FieldError[],
  ): EnterPage {
    const zone = page.timeZoneOf(state);
    const deadline =
      state.deadlineMs === null
        ? ''
        : `${formatDateTime(page.lang, new Date(state.deadlineMs), zone)} (${zone})`;
    const passed = state.deadlineMs !== null && Date.now() > state.deadlineMs;
    return {
      ...page.base(
        page.t('entry.enterTitle', { tournament: state.tournament }),
        page.crumbs({ label: state.tournament, url: urls.tournament(state.tournamentId) }),
      ),
      open: state.open && !passed,
      closedText: !state.open
        ? page.t('err.ENTRIES_CLOSED')
        : page.t('err.ENTRIES_DEADLINE_PASSED', { deadline }),
      deadlineText: deadline ? page.t('entry.deadline', { deadline }) : '',
      action: urls.enter(state.tournamentId),
      divisions: state.divisions
        .filter((d) => d.takes)
        .map((d) => ({
          id: d.divisionId,
          name: d.name,
          selected: values.divisionId === String(d.divisionId),
          places:
            d.cap === null
              ? page.t('entry.placesOpen', { taken: d.taken })
              : d.taken >= d.cap
                ? page.t(d.waitingList ? 'entry.placesWaiting' : 'entry.placesFull', {
                    cap: d.cap,
                    waiting: d.waiting,
                  })
                : page.t('entry.places', { taken: d.taken, cap: d.cap }),
        })),
      values,
      person,
      errors,
      summary: this.named(page, errors),
      search: { q: '', searched: false, found: [] },
      listUrl: urls.entryList(state.tournamentId),
    };
  }

  private entryModel(
    page: PageContext,
    tournament: string,
    entry: EntryView,
    token: string,
    sent: { link?: string; mailText?: string | null; mailTone?: 'ok' | 'warn' },
  ): EntryPage {
    const status =
      entry.status === 'waiting'
        ? page.t('entry.status.waiting', { place: entry.place ?? 0 })
        : page.t(`entry.status.${entry.status}`);
    const tone =
      entry.status === 'confirmed' || entry.status === 'entered'
        ? 'ok'
        : entry.status === 'waiting'
          ? 'warn'
          : 'bad';
    return {
      ...page.base(
        page.t('entry.title', { tournament }),
        page.crumbs({ label: tournament, url: urls.tournament(entry.tournamentId) }),
      ),
      justSent: sent.link !== undefined,
      statusText: status,
      statusTone: tone,
      details: [
        { label: page.t('col.name'), value: entry.name },
        { label: page.t('col.division'), value: entry.division },
        { label: page.t('col.club'), value: entry.club ?? '—' },
        { label: page.t('col.federationId'), value: entry.federationId ?? '—' },
        { label: page.t('entry.email'), value: entry.email },
      ],
      link: sent.link ?? null,
      mailText: sent.mailText ?? null,
      mailTone: sent.mailTone ?? 'ok',
      withdrawAction:
        entry.status === 'entered' || entry.status === 'waiting' ? urls.entryWithdraw(token) : null,
      listUrl: urls.entryList(entry.tournamentId),
      errors: [],
    };
  }
}

/** A token as links carry it; anything else is no entry's (404, nothing looked up). */
function checkedToken(token: string): string {
  if (!ENTRY_TOKEN.test(token)) throw new NotFound('entry', 'of this link');
  return token;
}

/** The form's field a refusal is about ('' for the form as a whole). */
function fieldOf(e: unknown): string {
  if (!(e instanceof DomainError)) return '';
  const d: unknown = e.details;
  return typeof d === 'object' && d !== null && 'field' in d && typeof d.field === 'string'
    ? d.field
    : '';
}

/** The entry's private link as the player's browser reached this server. */
function entryLink(req: AuthedRequest, token: string): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}${urls.entry(token)}`;
}
