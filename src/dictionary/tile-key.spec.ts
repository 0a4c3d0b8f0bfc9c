import { DIGRAPH_KEYS } from '../engine/rules/words';
import {
  readSerbianWord,
  SERBIAN_TILE_KEYS,
  TileKeyError,
  toLatinAZKey,
  toTileKey,
} from './tile-key';

const { LJ, NJ, DŽ } = DIGRAPH_KEYS;

describe('toTileKey', () => {
  it('reads Latin and Cyrillic to the same key, one character per tile', () => {
    expect(toTileKey('ljubav')).toBe(`${LJ}UBAV`);
    expect(toTileKey('ЉУБАВ')).toBe(`${LJ}UBAV`);
    expect(toTileKey('ljubav')).toHaveLength(5);
    expect(toTileKey('kuća')).toBe('KUĆA');
    expect(toTileKey('КУЋА')).toBe('KUĆA');
    expect(toTileKey('džep')).toBe(`${DŽ}EP`);
    expect(toTileKey('ЏЕП')).toBe(`${DŽ}EP`);
    expect(toTileKey('Njegoš')).toBe(`${NJ}EGOŠ`);
    expect(toTileKey('ђак')).toBe('ĐAK');
    expect(toTileKey('ЧЕШЉАЖ')).toBe(`ČEŠ${LJ}AŽ`);
  });

  it('keeps N and J apart in Cyrillic (ИНЈЕКЦИЈА is 9 tiles)', () => {
    const key = toTileKey('ИНЈЕКЦИЈА');
    expect(key).toBe('INJEKCIJA');
    expect(key).toHaveLength(9);
  });

  it('reads Latin digraphs as one tile unless split with |', () => {
    expect(toTileKey('IN|JEKCIJA')).toBe('INJEKCIJA');
    expect(toTileKey('injekcija')).toBe(`I${NJ}EKCIJA`);
    expect(toTileKey('injekcija')).toHaveLength(8);
    expect(toTileKey('NADŽIVETI')).toBe(`NA${DŽ}IVETI`);
    expect(toTileKey('NAD|ŽIVETI')).toBe('NADŽIVETI');
  });

  it('accepts the one-character digraph letters and decomposed accents', () => {
    expect(toTileKey('ǉubav')).toBe(`${LJ}UBAV`);
    expect(toTileKey('ǅep')).toBe(`${DŽ}EP`);
    expect(toTileKey('KUC\u0301A')).toBe('KUĆA');
  });

  it('refuses letters outside the Serbian tile alphabet, mixed scripts and stray |', () => {
    for (const bad of [
      'QUIZ',
      'WEB',
      'XENON',
      'YOGA',
      'PAS1',
      'PAS-A',
      'ПАS',
      'A|B',
      '|NJ',
      'ЉУ|БАВ',
      '',
    ]) {
      expect(() => toTileKey(bad)).toThrow(TileKeyError);
    }
    expect(readSerbianWord('WEB')).toEqual({
      ok: false,
      message: "'W' (U+0057) is not a letter of the Serbian alphabet",
    });
  });

  it('has a key for each of the 30 tiles, all distinct and one character long', () => {
    expect(SERBIAN_TILE_KEYS).toHaveLength(30);
    expect(new Set(SERBIAN_TILE_KEYS).size).toBe(30);
    for (const k of SERBIAN_TILE_KEYS) expect(k).toHaveLength(1);
  });
});

describe('toLatinAZKey', () => {
  it('upper-cases and drops accents', () => {
    expect(toLatinAZKey('été')).toBe('ETE');
    expect(toLatinAZKey('garçon')).toBe('GARCON');
    expect(toLatinAZKey('cœur')).toBe('COEUR');
    expect(toLatinAZKey('qi')).toBe('QI');
  });

  it('gives no key for hyphens, apostrophes and spaces', () => {
    expect(toLatinAZKey('abat-jour')).toBeUndefined();
    expect(toLatinAZKey("aujourd'hui")).toBeUndefined();
    expect(toLatinAZKey('pomme de terre')).toBeUndefined();
  });
});
