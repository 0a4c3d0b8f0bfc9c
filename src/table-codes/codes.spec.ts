import { canonicalCode, CODE_LENGTH, newCode, printedCode } from './codes';

describe('table codes', () => {
  it('are ten characters of base 32, different each time', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => newCode()));
    expect(codes.size).toBe(1000);
    for (const c of codes) expect(c).toMatch(new RegExp(`^[0-9A-HJKMNP-TV-Z]{${CODE_LENGTH}}$`));
  });

  it.each<[string, string | null]>([
    ['7k2m9 qx4tb', '7K2M9QX4TB'], // case and the printed space aside
    ['7K2M9-QX4TB', '7K2M9QX4TB'],
    ['7K2M9QX4TO', '7K2M9QX4T0'], // O read as 0
    ['IL2M9QX4TB', '112M9QX4TB'], // I and L read as 1
    ['7K2M9QX4T', null], // one short
    ['7K2M9QX4TBU', null], // one too many
    ['7K2M9QX4TU', null], // U is no digit of it
  ])('%s reads as %s', (typed, code) => {
    expect(canonicalCode(typed)).toBe(code);
  });

  it('prints in two groups of five', () => {
    expect(printedCode('7K2M9QX4TB')).toBe('7K2M9 QX4TB');
  });
});
