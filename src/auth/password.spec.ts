import {
  costOf,
  hashPassword,
  needsRehash,
  PRODUCTION_COST,
  TEST_COST_VARIABLE,
  verifyPassword,
} from './password';

describe('password hashes', () => {
  const saved = process.env[TEST_COST_VARIABLE];
  afterEach(() => {
    if (saved === undefined) delete process.env[TEST_COST_VARIABLE];
    else process.env[TEST_COST_VARIABLE] = saved;
  });

  test("production's cost is OWASP's N = 2^14, r = 8, p = 5, and it runs within scrypt's memory limit", async () => {
    delete process.env[TEST_COST_VARIABLE];
    const hash = await hashPassword('a long password');
    // 2^14 = 16384; 128 · N · r = 16 MiB a pass, p = 5 passes one after another.
    expect(hash).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(costOf(hash)).toEqual(PRODUCTION_COST);
    expect(await verifyPassword('a long password', hash)).toBe(true);
    expect(await verifyPassword('a long passwore', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  test('an older, cheaper hash still verifies and is marked for re-hashing; never the other way', async () => {
    const old = await hashPassword('organiser-password-1', { N: 2 ** 14, r: 8, p: 1 });
    expect(old.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPassword('organiser-password-1', old)).toBe(true);
    expect(needsRehash(old, PRODUCTION_COST)).toBe(true);
    // The cost before December 2026, N = 2^17 and p = 1 (128 MiB): it verifies, and is made
    // again at today's cost at the next sign-in.
    const before = await hashPassword('organiser-password-1', { N: 2 ** 17, r: 8, p: 1 });
    expect(await verifyPassword('organiser-password-1', before)).toBe(true);
    expect(needsRehash(before, PRODUCTION_COST)).toBe(true);
    // A server started with the test variable does not weaken a production hash.
    const strong = `scrypt$131072$8$1$${'A'.repeat(24)}$${'A'.repeat(44)}`;
    expect(needsRehash(strong, { N: 2 ** 12, r: 8, p: 1 })).toBe(false);
  });

  test('the test variable lowers the cost of new hashes only within 2^10 to 2^16', async () => {
    process.env[TEST_COST_VARIABLE] = '10';
    expect((await hashPassword('x'.repeat(10))).startsWith('scrypt$1024$8$1$')).toBe(true);
    process.env[TEST_COST_VARIABLE] = '20';
    expect(costOf(await hashPassword('x'.repeat(10)))).toEqual(PRODUCTION_COST);
  });

  test('a stored hash naming a cost nobody should run, or not ours, is a wrong password', async () => {
    for (const stored of [
      `scrypt$1073741824$8$1$${'A'.repeat(24)}$${'A'.repeat(44)}`, // N = 2^30: 128 GiB
      `scrypt$1000$8$1$${'A'.repeat(24)}$${'A'.repeat(44)}`, // not a power of two
      `scrypt$16384$64$1$${'A'.repeat(24)}$${'A'.repeat(44)}`,
      `scrypt$16384$8$17$${'A'.repeat(24)}$${'A'.repeat(44)}`, // p above 16
      'bcrypt$2b$12$abc',
      '',
    ]) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });
});
