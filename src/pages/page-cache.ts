import { createHash } from 'crypto';

/** A kept page: its bytes and their entity tag, both made once. */
export interface CachedPage {
  body: Buffer;
  etag: string;
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
  private readonly pages = new Map<string, CachedPage & { revision: number }>();

  get(key: string, revision: number): CachedPage | null {
    const hit = this.pages.get(key);
    if (!hit || hit.revision !== revision) return null;
    this.pages.delete(key);
    this.pages.set(key, hit);
    return hit;
  }

  set(key: string, revision: number, html: string): CachedPage {
    const body = Buffer.from(html, 'utf8');
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    const entry = { revision, body, etag };
    this.pages.delete(key);
    this.pages.set(key, entry);
    if (this.pages.size > SIZE) this.pages.delete(this.pages.keys().next().value!);
    return entry;
  }
}
