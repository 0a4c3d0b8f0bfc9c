import { isIPv4, isIPv6 } from 'net';

/**
 * The least time between two revisions a live stream says: a busy round moves a division
 * several times a second, and each event has every phone fetch its page again.
 */
export const LIVE_PACE_MS = 500;

/** Live-update streams one process holds at most, unless `LIVE_CONNECTIONS` says otherwise. */
export const DEFAULT_LIVE_CONNECTIONS = 2000;
/** Streams one browser (its client cookie) holds at most, unless `LIVE_PER_CLIENT` says otherwise. */
export const DEFAULT_LIVE_PER_CLIENT = 6;

/** How many streams the process, an address and a browser may hold. */
export interface LiveShareSettings {
  /** Every stream of the process (`LIVE_CONNECTIONS`). */
  pool: number;
  /** Streams from one client address, an IPv6 network counting as one (`LIVE_PER_ADDRESS`). */
  perAddress: number;
  /** Streams of one browser, known by its client cookie (`LIVE_PER_CLIENT`). */
  perClient: number;
}

/**
 * The shares, from the settings given (`undefined` where a variable is unset):
 * an address may hold a quarter of the pool unless told otherwise, a browser
 * {@link DEFAULT_LIVE_PER_CLIENT}, neither less than one nor more than the
 * share above it.
 */
export function liveShareSettings(
  pool: number | undefined,
  perAddress: number | undefined,
  perClient: number | undefined,
): LiveShareSettings {
  const p = pool ?? DEFAULT_LIVE_CONNECTIONS;
  const a = Math.min(p, perAddress ?? Math.max(1, Math.floor(p / 4)));
  const c = Math.min(a, perClient ?? DEFAULT_LIVE_PER_CLIENT);
  return { pool: p, perAddress: a, perClient: c };
}

/** Why a stream is refused: the process is full, or the address or the browser has its share. */
export type LiveRefusal =
  | { reason: 'pool'; limit: number }
  | { reason: 'address'; limit: number }
  | { reason: 'unnamed'; limit: number }
  | { reason: 'client'; limit: number };

/** Who asks for a stream: the client address (`req.ip`) and the browser's cookie, if it sent one. */
export interface LiveClient {
  address: string;
  /** The client cookie the request carried, or null when it carried none. */
  cookie: string | null;
  /** The cookie's value when the request carried none: the one its answer sets. */
  minted: string;
}

/** A place taken: give it back when the stream ends. */
export type LivePlace = () => void;

/**
 * The address that counts for shares: an IPv4 address as it is (an IPv4 address
 * written as IPv6, `::ffff:a.b.c.d`, as IPv4), an IPv6 address by its /64 network,
 * which is what one household, phone or machine is given, so that it cannot take
 * a share per address of its network.
 */
export function shareAddress(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::', 2);
  const front = head === '' ? [] : head.split(':');
  const back = tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail (::a.b.c.d) is two groups; only the first four groups matter.
  const backGroups = back.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = ip.includes('::')
    ? [...front, ...Array<string>(8 - front.length - backGroups).fill('0'), ...back]
    : front;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The live-update streams' shares. A hall's phones share one public address, so
 * an address alone cannot tell a person: a browser is known by its client
 * cookie (set on its first stream), and holds at most `perClient` streams. One
 * address holds at most `perAddress` (a quarter of the pool by default), so no
 * one address takes the pool, and of those at most half may come without the
 * cookie: a client that throws its cookies away is a stranger each time and
 * fills only that half, while the hall's browsers, which send their cookie, keep
 * the other.
 */
export class LiveShares {
  private total = 0;
  private readonly addresses = new Map<string, { all: number; unnamed: number }>();
  private readonly clients = new Map<string, number>();

  constructor(readonly settings: LiveShareSettings) {}

  /** Streams held now. */
  get size(): number {
    return this.total;
  }

  /** Streams without the cookie that one address may hold: half its share (at least one). */
  get unnamedPerAddress(): number {
    return Math.max(1, Math.ceil(this.settings.perAddress / 2));
  }

  /** Takes a place for `client`'s stream, or says which share it is over. */
  take(client: LiveClient): { place: LivePlace } | { refused: LiveRefusal } {
    const { pool, perAddress, perClient } = this.settings;
    if (this.total >= pool) return { refused: { reason: 'pool', limit: pool } };
    const address = this.addresses.get(client.address) ?? { all: 0, unnamed: 0 };
    if (address.all >= perAddress) return { refused: { reason: 'address', limit: perAddress } };
    const unnamed = client.cookie === null;
    if (unnamed && address.unnamed >= this.unnamedPerAddress)
      return { refused: { reason: 'unnamed', limit: this.unnamedPerAddress } };
    const id = client.cookie ?? client.minted;
    const held = this.clients.get(id) ?? 0;
    if (held >= perClient) return { refused: { reason: 'client', limit: perClient } };

    this.total++;
    address.all++;
    if (unnamed) address.unnamed++;
    this.addresses.set(client.address, address);
    this.clients.set(id, held + 1);
    let given = false;
    return {
      place: () => {
        if (given) return;
        given = true;
        this.total--;
        address.all--;
        if (unnamed) address.unnamed--;
        if (address.all === 0) this.addresses.delete(client.address);
        const left = (this.clients.get(id) ?? 1) - 1;
        if (left === 0) this.clients.delete(id);
        else this.clients.set(id, left);
      },
    };
  }
}
