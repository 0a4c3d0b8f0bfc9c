/** A small deterministic PRNG (sfc32) seeded from a string by a 128-bit mix of FNV-style hashes. */
export function prngFromString(seed: string): () => number {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  let h3 = 0x9e3779b9;
  let h4 = 0x85ebca6b;
  for (let i = 0; i < seed.length; i++) {
    const c = seed.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h3 = Math.imul(h3 ^ c, 0xcc9e2d51);
    h4 = Math.imul(h4 ^ c, 0x1b873593);
  }
  h1 = Math.imul(h1 ^ (h2 >>> 15), 0x2c1b3c6d);
  h2 = Math.imul(h2 ^ (h3 >>> 13), 0x297a2d39);
  h3 = Math.imul(h3 ^ (h4 >>> 16), 0x2c1b3c6d);
  h4 = Math.imul(h4 ^ (h1 >>> 11), 0x297a2d39);
  return sfc32(h1 ^ seed.length, h2, h3, h4);
}

function sfc32(a0: number, b0: number, c0: number, d0: number): () => number {
  let a = a0 >>> 0;
  let b = b0 >>> 0;
  let c = c0 >>> 0;
  let d = d0 >>> 0;
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

/** Fisher–Yates shuffle of a copy, driven by `random` (values in [0, 1)). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
