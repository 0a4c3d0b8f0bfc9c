import { LiveShares, liveShareSettings, shareAddress } from './live-shares';

describe('liveShareSettings: an address a quarter of the pool, a browser 6, each within the one above', () => {
  test.each([
    // [pool, perAddress, perClient] set → expected
    [undefined, undefined, undefined, { pool: 2000, perAddress: 500, perClient: 6 }], // 2000 / 4
    [400, undefined, undefined, { pool: 400, perAddress: 100, perClient: 6 }], // 400 / 4
    [3, undefined, undefined, { pool: 3, perAddress: 1, perClient: 1 }], // 3 / 4 → at least 1
    [2000, 800, 10, { pool: 2000, perAddress: 800, perClient: 10 }],
    [100, 500, undefined, { pool: 100, perAddress: 100, perClient: 6 }], // never past the pool
  ])('pool %p, address %p, browser %p', (pool, address, client, expected) => {
    expect(liveShareSettings(pool, address, client)).toEqual(expected);
  });
});

describe('shareAddress: IPv4 as it is, IPv6 by its /64', () => {
  test.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0009', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('%p counts as %p', (ip, expected) => {
    expect(shareAddress(ip)).toBe(expected);
  });
});

describe('LiveShares', () => {
  // Pool 8, an address 6 (3 of them without the cookie), a browser 2.
  const shares = () => new LiveShares({ pool: 8, perAddress: 6, perClient: 2 });
  let n = 0;
  const client = (address: string, cookie: string | null) => ({
    address,
    cookie,
    minted: `minted-${++n}`,
  });

  test('a browser holds its share; its excess is refused, its neighbour is not', () => {
    const s = shares();
    expect('place' in s.take(client('hall', 'ana'))).toBe(true);
    expect('place' in s.take(client('hall', 'ana'))).toBe(true);
    expect(s.take(client('hall', 'ana'))).toEqual({ refused: { reason: 'client', limit: 2 } });
    expect('place' in s.take(client('hall', 'ivo'))).toBe(true);
    expect(s.size).toBe(3);
  });

  test('streams without the cookie fill half an address; the address, its share; the process, its pool', () => {
    const s = shares();
    const reasons = Array.from({ length: 4 }, () => s.take(client('hall', null))).map((r) =>
      'refused' in r ? r.refused.reason : 'taken',
    );
    expect(reasons).toEqual(['taken', 'taken', 'taken', 'unnamed']); // ⌈6 / 2⌉ = 3
    for (const who of ['a', 'b', 'c']) expect('place' in s.take(client('hall', who))).toBe(true);
    expect(s.take(client('hall', 'd'))).toEqual({ refused: { reason: 'address', limit: 6 } });
    expect('place' in s.take(client('elsewhere', 'e'))).toBe(true);
    expect('place' in s.take(client('elsewhere', 'e'))).toBe(true); // 6 + 2 = 8
    expect(s.take(client('third', 'f'))).toEqual({ refused: { reason: 'pool', limit: 8 } });
  });

  test('a place given back (once, however often it is called) is free again', () => {
    const s = shares();
    const first = s.take(client('hall', 'ana'));
    s.take(client('hall', 'ana'));
    if (!('place' in first)) throw new Error('refused');
    first.place();
    first.place();
    expect(s.size).toBe(1);
    expect('place' in s.take(client('hall', 'ana'))).toBe(true);
    expect(s.take(client('hall', 'ana'))).toEqual({ refused: { reason: 'client', limit: 2 } });
  });
});
