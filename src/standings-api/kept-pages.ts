import type { IncomingMessage, ServerResponse } from 'http';
import type { Revisions } from '../tournaments/revisions';
import type { StandingsService } from './standings.service';
import { LANG_COOKIE, parseLang, DEFAULT_LANG, languageFromAcceptLanguage } from '../i18n';
import { encodedBody, PageCache, REVISION_HEADER } from '../web/page-cache';
import { PAGE_CSP } from '../web/page-context';

/** Paths of the pages kept for visitors (division pages, a player's, a game's). */
const KEPT_PATH = /^\/(?:divisions|players|games)\//;
/** The API's standings table, as its canonical address (no round, or a round written plainly). */
const TABLE_PATH = /^\/api\/divisions\/([1-9]\d{0,8})\/standings(?:\?round=(0|[1-9]\d{0,4}))?$/;
const SESSION = /(?:^|;\s*)arbiter_session=/;
const LANG = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([^;]*)`);
/** As the `fresh` module reads a request's Cache-Control: `no-cache` asks for the whole page. */
const NO_CACHE = /(?:^|,)\s*?no-cache\s*?(?:,|$)/;

/**
 * Answers a visitor's request for a kept page straight from the cache, before Express and
 * Nest see it, when that is certain to give what they would: the same status, headers and
 * bytes (`test/e2e/server/kept-pages.e2e-spec.ts` compares the two). A hall of phones reloading
 * the standings then costs about what plain `node:http` sending the page costs.
 *
 * Taken only when every condition holds, else the request goes the usual way (which keeps
 * and serves pages as before): a GET; no bearer token and no session (a signed-in page is
 * made for its user); the address is a page's canonical one exactly (no `lang` or stray
 * query: those are made canonical, or set a cookie, on the way); the language from the
 * cookie is plain (without one, Accept-Language decides as PageContext lets it); Accept-Encoding is a plain list (no weights or `*`), If-Modified-Since is
 * absent; and the page is kept at the revision its division has now, known in memory.
 */
export function keptPagesFirst(
  revisions: Revisions,
  standings: StandingsService,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const url = req.url;
    if (req.method !== 'GET' || url === undefined) return false;
    if (!KEPT_PATH.test(url)) return url.startsWith('/api/') && keptTable(standings, req, res);
    const h = req.headers;
    if (h.authorization !== undefined || h['if-modified-since'] !== undefined) return false;
    const cookie = h.cookie;
    let lang = languageFromAcceptLanguage(h['accept-language']) ?? DEFAULT_LANG;
    if (cookie !== undefined) {
      if (SESSION.test(cookie)) return false;
      const m = LANG.exec(cookie);
      if (m) {
        // The value as cookie-parser would give it (no quotes, no escapes); else the usual way.
        if (/["%\\]/.test(m[1])) return false;
        lang = parseLang(m[1]) ?? lang;
      }
    }
    const page = PageCache.keptPage(`${lang} ${url}`);
    if (page?.division === undefined) return false;
    const now = revisions.peek(page.division);
    if (now === undefined) return false;
    if (page.revision !== now) {
      // A round's page made before writes that changed only later rounds holds: current now.
      const holds =
        page.round !== undefined &&
        page.revision < now &&
        standings.unchangedThrough(page.division, page.round, page.revision);
      if (!holds) return false;
      page.revision = now;
    }
    const offered = offeredEncodings(h['accept-encoding']);
    if (!offered) return false;
    // What PageContext.sendKept sets, with pageHeaders and configureHttp before it.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', PAGE_CSP);
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Cookie, Accept-Language, Accept-Encoding');
    res.setHeader('ETag', page.etag);
    res.setHeader(REVISION_HEADER, String(now));
    if (fresh(h['if-none-match'], h['cache-control'], page.etag)) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    const { body, encoding } = encodedBody(page, ([e]) => (offered.includes(e) ? e : false));
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    res.statusCode = 200;
    res.end(body);
    return true;
  };
}

/**
 * The API's standings table as Nest and Express send it (`StandingsController`): the kept JSON,
 * its entity tag, 304 for a known one, to visitors (a token is checked the usual way); a table
 * not kept at the division's current revision goes the usual way.
 */
function keptTable(
  standings: StandingsService,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  const m = TABLE_PATH.exec(req.url!);
  const h = req.headers;
  if (!m || h['if-modified-since'] !== undefined || h.authorization !== undefined) return false;
  if (h.cookie !== undefined && SESSION.test(h.cookie)) return false;
  const table = standings.keptTable(Number(m[1]), m[2] === undefined ? undefined : Number(m[2]));
  if (!table) return false;
  const offered = offeredEncodings(h['accept-encoding']);
  if (!offered) return false;
  // What StandingsController sets, with configureHttp before it.
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', table.etag);
  if (fresh(h['if-none-match'], h['cache-control'], table.etag)) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  const { body, encoding } = encodedBody(table, ([e]) => (offered.includes(e) ? e : false));
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.statusCode = 200;
  res.end(body);
  return true;
}

/**
 * The encodings an Accept-Encoding header lists; undefined for one with weights or a
 * wildcard, which goes the usual way (Express's negotiation reads those).
 */
function offeredEncodings(header: string | undefined): string[] | undefined {
  if (header === undefined) return [];
  if (/[;*]/.test(header)) return undefined;
  return header.split(',').map((e) => e.trim().toLowerCase());
}

/** Whether If-None-Match names the page's tag, as the `fresh` module Express uses decides. */
function fresh(
  noneMatch: string | undefined,
  cacheControl: string | undefined,
  etag: string,
): boolean {
  if (!noneMatch) return false;
  if (cacheControl && NO_CACHE.test(cacheControl)) return false;
  if (noneMatch === '*') return true;
  return noneMatch
    .split(',')
    .map((m) => m.trim())
    .some((m) => m === etag || m === `W/${etag}` || `W/${m}` === etag);
}
