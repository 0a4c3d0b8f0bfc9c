import { createHash } from 'crypto';
import { brotliCompressSync, constants, gzipSync } from 'zlib';
import { renderGate, SingleFlight } from '../common/render-gate';

/** A kept page: its bytes and their entity tag, both made once. */
export interface CachedPage {
  body: Buffer;
  etag: string;
  /** The body compressed, made when first asked for and kept with it. */
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The division's revision a kept division page is current at, sent with it. A page of a past
 * round made before later rounds' results says the revision it was made at in its body, and
 * is as current as this says: the live script reads it, so that it does not ask again.
 */
export const REVISION_HEADER = 'X-Arbiter-Revision';

/** Brotli's quality for kept pages (0–11): see {@link encodedBody}. */
const BROTLI_QUALITY = 3;

/** Pages smaller than this go as they are: compressing them saves less than it costs. */
const COMPRESS_FROM = 1024;

/**
 * The body of a kept page in the encoding the browser takes best of those we make (brotli,
 * then gzip), compressed once per page and kept: a hall of phones reloading the standings
 * costs one compression, not one a request. Brotli at quality 3: on a 1,000-player standings
 * page (534 KB) it took 1.8 ms against 10.9 ms at quality 5, for 40 KB against 33 KB, and
 * after each result the page is compressed anew.
 */
export function encodedBody(
  page: CachedPage,
  accepts: (encodings: string[]) => string | false,
): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  if (page.body.length < COMPRESS_FROM) return { body: page.body, encoding: null };
  // Ours first among what the browser takes at all: browsers list gzip before br.
  const choice = accepts(['br']) === 'br' ? 'br' : accepts(['gzip']) === 'gzip' ? 'gzip' : null;
  if (choice === 'br') {
    page.br ??= brotliCompressSync(page.body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
      },
    });
    return { body: page.br, encoding: 'br' };
  }
  if (choice === 'gzip') {
    page.gzip ??= gzipSync(page.body);
    return { body: page.gzip, encoding: 'gzip' };
  }
  return { body: page.body, encoding: null };
}

/**
 * A page as a cache keeps it: the division's revision it is current at, the division when
 * known, and the round when the page shows rounds up to it only (standings after round N,
 * the pairings of round N), so that a later round's results leave it as it is.
 */
export interface KeptPage extends CachedPage {
  revision: number;
  division?: number;
  round?: number;
}

/**
 * A page of one round: its number, and whether what was made at a revision of the division
 * still holds (every write since changed only results of later rounds).
 */
export interface RoundPage {
  round: number;
  holds: (since: number) => boolean;
}

/** Pages kept, most recently used last. */
const SIZE = 256;

/**
 * Rendered public pages of a division, kept until the division's revision
 * moves (every write that can change what they show bumps it: results,
 * pairings, players, names, the tournament's settings). Only pages for
 * visitors who are not signed in are kept: a signed-in header names the user.
 */
export class PageCache {
  /** Every cache of the process, for {@link keptPage}. */
  private static readonly all: PageCache[] = [];
  private readonly pages = new Map<string, KeptPage>();
  private readonly renders = new SingleFlight<KeptPage>();

  constructor() {
    PageCache.all.push(this);
  }

  /** The page any cache of the process keeps for `key`, at whatever revision, with its division. */
  static keptPage(key: string): KeptPage | undefined {
    for (const cache of PageCache.all) {
      const page = cache.pages.get(key);
      if (page) return page;
    }
    return undefined;
  }

  /**
   * The page kept for `key` at `revision`, or made by `render` and kept: once however many ask
   * for it while it is made, and only when the process has room ({@link renderGate}; past
   * that, 503 with Retry-After). A kept page is served whatever the load.
   */
  serve(
    key: string,
    revision: number,
    render: () => Promise<string | Buffer>,
    division?: number,
    of?: RoundPage,
  ): Promise<KeptPage> {
    const kept = this.get(key, revision, of);
    if (kept) return Promise.resolve(kept);
    return this.renders.run(`${revision} ${key}`, () =>
      renderGate().run(async () => this.set(key, revision, await render(), division, of?.round)),
    );
  }

  /** The page kept for `key` at `revision`, or at an earlier one where it still holds (`of`). */
  get(key: string, revision: number, of?: RoundPage): KeptPage | null {
    const hit = this.pages.get(key);
    if (!hit) return null;
    if (hit.revision !== revision) {
      if (!of || hit.revision > revision || !of.holds(hit.revision)) return null;
      // Made before writes that changed later rounds only: the same bytes, current now.
      hit.revision = revision;
    }
    this.pages.delete(key);
    this.pages.set(key, hit);
    return hit;
  }

  /**
   * Keeps a page (`html`, or a document's bytes) for `key` at `revision` of `division` (the
   * division lets it be served before routing), a page of `round` only when given.
   */
  set(
    key: string,
    revision: number,
    html: string | Buffer,
    division?: number,
    round?: number,
  ): KeptPage {
    const body = typeof html === 'string' ? Buffer.from(html, 'utf8') : html;
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    const entry: KeptPage = { revision, division, round, body, etag };
    this.pages.delete(key);
    this.pages.set(key, entry);
    if (this.pages.size > SIZE) this.pages.delete(this.pages.keys().next().value!);
    return entry;
  }
}
