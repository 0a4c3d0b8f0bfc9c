/** The .aff/.dic reader used by scripts/dictionary/build-serbian.ts. */
import { applyClass, parseAff, parseDic } from '../../scripts/dictionary/hunspell';

const AFF = [
  'SET UTF-8',
  'FLAG num',
  'KEY абв',
  '',
  'SFX 1 Y 3',
  'SFX 1 а а',
  'SFX 1 а е',
  'SFX 1 а ом',
  '',
  'SFX 2 N 2',
  'SFX 2 0 ски [^к]',
  'SFX 2 к чки к',
  '',
  'PFX 19 Y 1',
  'PFX 19 0 не',
].join('\r\n');

describe('hunspell reader', () => {
  const { classes } = parseAff(AFF);

  it('reads suffix and prefix classes with strip, add and condition', () => {
    expect([...classes.keys()]).toEqual(['1', '2', '19']);
    expect(classes.get('1')).toMatchObject({ kind: 'SFX', cross: true });
    expect(classes.get('2')!.cross).toBe(false);
    expect(applyClass(classes.get('1')!, 'кућа')).toEqual(['кућа', 'куће', 'кућом']);
    expect(applyClass(classes.get('1')!, 'пас')).toEqual([]); // strip а does not match
    expect(applyClass(classes.get('2')!, 'град')).toEqual(['градски']);
    expect(applyClass(classes.get('2')!, 'бик')).toEqual(['бички']);
    expect(applyClass(classes.get('19')!, 'леп')).toEqual(['нелеп']);
  });

  it('reads .dic entries with flags, homograph markers and CRLF', () => {
    const entries = parseDic('3\r\nкућа/1\r\nпасти__/1,19\r\nах\r\n');
    expect(entries).toEqual([
      { stem: 'кућа', flags: ['1'], line: 2 },
      { stem: 'пасти__', flags: ['1', '19'], line: 3 },
      { stem: 'ах', flags: [], line: 4 },
    ]);
  });

  it('refuses what it cannot expand faithfully', () => {
    expect(() => parseAff('FLAG long\n')).toThrow(/FLAG num/);
    expect(() => parseAff('NEEDAFFIX 5\n')).toThrow(/unsupported/);
    expect(() => parseAff('SFX 1 Y 1\nSFX 1 а е/2\n')).toThrow(/continuation/);
    expect(() => parseAff('SFX 1 Y 2\nSFX 1 а е\nPFX 1 0 не\n')).toThrow(/bad affix rule/);
  });
});
