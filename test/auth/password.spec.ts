import {
  costOf,
  currentCost,
  dummyHash,
  hashPassword,
  verifyPassword,
} from '../../src/auth/password';

// A cheap cost keeps the suite quick; what is checked does not depend on it.
process.env.TEST_ONLY_SCRYPT_LOG2_N = '10';

describe('the hash an unknown e-mail is checked against', () => {
  it('has the current cost, so checking it costs what checking a real hash does', async () => {
    const dummy = await dummyHash();
    expect(costOf(dummy)).toEqual(currentCost());
    const real = await hashPassword('a password');
    expect(dummy.split('$').map((part) => part.length)).toEqual(
      real.split('$').map((part) => part.length),
    );
  });

  it('matches no password, and is the same one every time', async () => {
    const dummy = await dummyHash();
    expect(await verifyPassword('', dummy)).toBe(false);
    expect(await verifyPassword('a password', dummy)).toBe(false);
    expect(await dummyHash()).toBe(dummy);
  });
});
