import type { Response } from 'express';
import type { AuthedRequest } from '../common/public-user';
import { pageSentFrom } from '../common/same-origin';
import {
  isMessageKey,
  Lang,
  LANG_COOKIE,
  LANG_QUERY,
  MessageKey,
  MessageParams,
  languageFromAcceptLanguage,
  parseLang,
  pickLanguage,
  t,
} from '../i18n';
import { DEFAULT_TIME_ZONE, TIME_ZONE_SETTING } from '../i18n/time';
import type { Link, PageBase, SignedInUser, SiteLinks } from '../render/view-models';
import type { LiveRef } from './live-ref';
import { CachedPage, encodedBody, KeptPage, REVISION_HEADER } from './page-cache';

/** The header's links: the same on every page. */
export const SITE: SiteLinks = {
  home: '/',
  signIn: '/sign-in',
  signOut: '/sign-out',
  judge: '/judge',
  organiser: '/organiser',
};

const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * Security headers of every page: no script may run (the pages have none), the
 * inline styles of the layout may, forms post only here, and no other site may
 * frame a page (so no form can be clicked through a disguise).
 */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; " +
  "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** The first value of a query parameter, as a string (or undefined). */
export function queryValue(req: AuthedRequest, name: string): string | undefined {
  const v: unknown = (req.query as Record<string, unknown>)[name];
  const first: unknown = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' ? first : undefined;
}

/**
 * The request's path and query without `lang` (for the language links), and
 * without a redirect's one-time flash (`done`, `n`).
 */
export function pathWithoutLang(originalUrl: string): string {
  const [path, query] = originalUrl.split('?', 2);
  if (query === undefined) return path;
  const params = new URLSearchParams(query);
  for (const name of [LANG_QUERY, 'done', 'n']) params.delete(name);
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

/**
 * One page request: its language (the `lang` query, then the cookie, then a browser whose first
 * language is Croatian, else Serbian Latin; a `lang` query also sets the cookie), who is signed in, and
 * how to render. Built by each page handler from its request and response.
 */
export class PageContext {
  readonly lang: Lang;
  /** The signed-in account as the guard found it. */
  readonly user: NonNullable<AuthedRequest['user']> | null;
  /** The page's path as its language links give it, when not the request's own. */
  canonicalPath: string | null = null;
  /** The division whose changes reload this page's content (a live page), if any. */
  live: LiveRef | null = null;

  /**
   * `preferred`: a language the page's own content asks for (an invitation's), chosen before
   * the cookie and the browser's; a `lang` query still comes first.
   */
  constructor(
    readonly req: AuthedRequest,
    readonly res: Response,
    preferred?: Lang,
  ) {
    const fromQuery = parseLang(queryValue(req, LANG_QUERY));
    const cookies = (req.cookies ?? {}) as Record<string, unknown>;
    this.lang = pickLanguage(
      fromQuery,
      preferred,
      cookies[LANG_COOKIE],
      languageFromAcceptLanguage(req.headers['accept-language']),
    );
    if (fromQuery && cookies[LANG_COOKIE] !== fromQuery) {
      res.cookie(LANG_COOKIE, fromQuery, {
        path: '/',
        maxAge: YEAR_MS,
        sameSite: 'lax',
        httpOnly: true,
      });
    }
    this.user = req.user ?? null;
  }

  /** A message of the catalogue in this page's language. */
  t(key: MessageKey, params?: MessageParams): string {
    return t(this.lang, key, params);
  }

  /** The zone the page shows times of day in: the events' (`TIME_ZONE`), not the server's. */
  get timeZone(): string {
    return (this.req.app.get(TIME_ZONE_SETTING) as string | undefined) ?? DEFAULT_TIME_ZONE;
  }

  /**
   * The zone a tournament's pages show times of day in: its own when set, else the server's
   * ({@link timeZone}).
   */
  timeZoneOf(tournament: { timeZone: string | null }): string {
    return tournament.timeZone ?? this.timeZone;
  }

  /** A judge or an organiser is signed in. */
  get staff(): boolean {
    return this.user !== null;
  }

  get signedIn(): SignedInUser | null {
    return this.user ? { name: this.user.name, role: this.user.role } : null;
  }

  /**
   * This page's path and query without `lang`, for its language links. A page answering a form's
   * send is not one a link opens again (`/t/CODE/confirm` has no page): its links lead to the page
   * the form was on, when the browser said which.
   */
  get path(): string {
    if (this.canonicalPath) return this.canonicalPath;
    const read = this.req.method === 'GET' || this.req.method === 'HEAD';
    return pathWithoutLang((read ? null : pageSentFrom(this.req)) ?? this.req.originalUrl);
  }

  /** A query parameter of this request. */
  query(name: string): string | undefined {
    return queryValue(this.req, name);
  }

  /** What every page model has. */
  base(title: string, crumbs: Link[] = [], flash: PageBase['flash'] = null): PageBase {
    return {
      lang: this.lang,
      title,
      path: this.path,
      user: this.signedIn,
      crumbs,
      flash,
      site: SITE,
      live: this.live,
    };
  }

  /** Crumbs from the tournament list down. */
  crumbs(...links: Link[]): Link[] {
    return [{ label: this.t('nav.tournaments'), url: SITE.home }, ...links];
  }

  /**
   * The flash of a redirect after a form (`?done=saved`), if any; with `like` (names that look
   * alike, from a registration) it is a warning that names them.
   */
  flashFromQuery(): PageBase['flash'] {
    const flash = this.doneFlash();
    const like = this.query('like');
    if (!like || !flash) return flash;
    return {
      tone: 'warn',
      text: `${flash.text} ${this.t('flash.lookAlike', { pairs: like.slice(0, 600) })}`,
    };
  }

  private doneFlash(): PageBase['flash'] {
    const done = this.query('done') ?? '';
    const n = Number(this.query('n') ?? '');
    switch (done) {
      case 'saved':
        return { tone: 'ok', text: this.t('flash.saved') };
      case 'sent':
        return { tone: 'ok', text: this.t('flash.sent') };
      case 'confirmed':
        return { tone: 'ok', text: this.t('flash.confirmed') };
      case 'paired':
        return { tone: 'ok', text: this.t('flash.paired', { n }) };
      case 'swapped':
        return { tone: 'ok', text: this.t('flash.swapped') };
      case 'deleted':
        return { tone: 'ok', text: this.t('flash.roundDeleted', { n }) };
      case 'repaired':
        return { tone: 'ok', text: this.t('flash.roundRepaired', { n }) };
      case 'seeded':
        return { tone: 'ok', text: this.t('flash.seeded') };
      case 'playerRemoved':
        return { tone: 'ok', text: this.t('flash.playerRemoved') };
      case 'playerRestored':
        return { tone: 'ok', text: this.t('flash.playerRestored') };
      case 'imported':
        return { tone: 'ok', text: this.t('flash.imported', { n }) };
      case 'tournamentImported':
        return { tone: 'ok', text: this.t('flash.tournamentImported') };
      case 'tshImported':
        return { tone: 'ok', text: this.t('flash.tshImported', { n }) };
      case 'withdrawn':
        return { tone: 'ok', text: this.t('flash.withdrawn') };
      case 'reinstated':
        return { tone: 'ok', text: this.t('flash.reinstated') };
      case 'absent':
        return { tone: 'ok', text: this.t('flash.absent') };
      case 'absenceUndone':
        return { tone: 'ok', text: this.t('flash.absenceUndone') };
      case 'closed':
        return { tone: 'ok', text: this.t('flash.closed') };
      case 'reopened':
        return { tone: 'ok', text: this.t('flash.reopened') };
      case 'ratingsImported':
        return { tone: 'ok', text: this.t('flash.ratingsImported', { n }) };
      case 'cleared':
        return { tone: 'ok', text: this.t('flash.cleared') };
      case 'signed-out':
        return { tone: 'ok', text: this.t('flash.signedOut') };
      default: {
        // A refusal named by its code (`?refused=ROUND_ALREADY_PAIRED`): only codes with a text.
        const key = `err.${this.query('refused') ?? ''}`;
        return isMessageKey(key) ? { tone: 'bad', text: this.t(key) } : null;
      }
    }
  }

  /** Renders a view (with `layout.hbs`) to a string through Express's engine (hbs). */
  renderToString(view: string, model: object): Promise<string> {
    return renderView(this.res, view, model);
  }

  /** Renders and sends a page. */
  async render(view: string, model: object, status = 200): Promise<void> {
    this.send(await this.renderToString(view, model), status);
  }

  /** Sends rendered HTML with the page headers. */
  send(html: string | Buffer, status = 200): void {
    pageHeaders(this.res, this.staff);
    this.res.status(status).type('html').send(html);
  }

  /**
   * Sends a kept page with its entity tag (a 304 when the browser has it already), compressed
   * as the browser accepts (brotli or gzip, made once and kept with the page).
   */
  sendKept(page: CachedPage | KeptPage): void {
    pageHeaders(this.res, false);
    this.res.setHeader('Vary', 'Cookie, Accept-Language, Accept-Encoding');
    this.res.setHeader('ETag', page.etag);
    if ('division' in page && page.division !== undefined) {
      this.res.setHeader(REVISION_HEADER, String(page.revision));
    }
    if (this.req.fresh) {
      this.res.status(304).end();
      return;
    }
    const { body, encoding } = encodedBody(page, (e) => this.req.acceptsEncodings(e));
    if (encoding) this.res.setHeader('Content-Encoding', encoding);
    this.res.status(200).type('html').send(body);
  }

  /** A 303 to a page of this site (after a form). */
  redirect(url: string): void {
    pageHeaders(this.res, true);
    this.res.redirect(303, url);
  }
}

/** Renders a view with Express's view engine, to a string. */
export function renderView(res: Response, view: string, model: object): Promise<string> {
  return new Promise((resolve, reject) => {
    res.render(view, model as Record<string, unknown>, (err: Error | null, html?: string) => {
      if (err) reject(err);
      else resolve(html ?? '');
    });
  });
}

/** CSP and caching: pages of a signed-in user are never stored by a shared cache. */
export function pageHeaders(res: Response, personal: boolean): void {
  res.setHeader('Content-Security-Policy', PAGE_CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'same-origin');
  res.setHeader('Cache-Control', personal ? 'private, no-store' : 'no-cache');
  res.setHeader('Vary', 'Cookie, Accept-Language');
}

/** Appends query parameters to a path. */
export function withQuery(path: string, params: Record<string, string | number>): string {
  const q = new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  return q ? `${path}${path.includes('?') ? '&' : '?'}${q}` : path;
}
