import { prizeAsText, prizeFromText } from '../../src/prizes/prize-models';

describe("the prize form's fields", () => {
  it('reads a number as an amount, grouped or with decimals, anything else as a name', () => {
    expect(prizeFromText('10000')).toEqual({ amount: 10000, name: null });
    // Thousands grouped as in Serbian or in English, or with spaces.
    expect(prizeFromText('10.000')).toEqual({ amount: 10000, name: null });
    expect(prizeFromText('10,000')).toEqual({ amount: 10000, name: null });
    expect(prizeFromText('1 250 000')).toEqual({ amount: 1250000, name: null });
    // One or two decimals, with a comma or a point.
    expect(prizeFromText('1,5')).toEqual({ amount: 1.5, name: null });
    expect(prizeFromText('2.25')).toEqual({ amount: 2.25, name: null });
    // Both: grouped thousands and decimals after the other sign.
    expect(prizeFromText('1.250,50')).toEqual({ amount: 1250.5, name: null });
    expect(prizeFromText('1,250.50')).toEqual({ amount: 1250.5, name: null });
    expect(prizeFromText('1.250.000')).toEqual({ amount: 1250000, name: null });
    // A comma before three digits groups thousands; three decimals after a grouped number are
    // no amount: a name, shown back as typed.
    expect(prizeFromText('1,250')).toEqual({ amount: 1250, name: null });
    expect(prizeFromText('2.125,125')).toEqual({ amount: null, name: '2.125,125' });
    expect(prizeFromText(' Knjiga ')).toEqual({ amount: null, name: 'Knjiga' });
    expect(prizeFromText('Pehar i 5000')).toEqual({ amount: null, name: 'Pehar i 5000' });
    // Empty: neither, which the prize table refuses where a prize is due.
    expect(prizeFromText('  ')).toEqual({});
  });

  it('writes a stored prize back so that reading it again gives the same prize', () => {
    for (const lang of ['sr-Latn', 'sr-Cyrl', 'en'] as const) {
      for (const p of [
        { amount: 10000, name: null },
        { amount: 1250000.5, name: null },
        { amount: 7, name: null },
        { amount: null, name: 'Rečnik' },
      ]) {
        expect(prizeFromText(prizeAsText(lang, p))).toEqual(p);
      }
    }
    expect(prizeAsText('sr-Latn', { amount: 10000, name: null })).toBe('10.000');
    expect(prizeAsText('en', { amount: 10000, name: null })).toBe('10,000');
  });
});
