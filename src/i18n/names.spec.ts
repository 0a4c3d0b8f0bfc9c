import { lookAlikeKey, nameKey, nameOrder } from './names';

describe('names that look alike', () => {
  it.each([
    // [one, other, why]
    ['Ana Petrović', 'Ана Петровић', 'the same name in Cyrillic'],
    ['Ana Petrović', 'ana petrovic', 'case and accents'],
    ['Ana Petrović', '\u0410na P\u0435trović', 'Cyrillic А and е among Latin letters'],
    ['Đorđe Šćekić', 'Djordje Scekic', 'đ written dj, accents dropped'],
    ['Ljubica Njegoš', 'Љубица Његош', 'lj and nj as Љ and Њ'],
    ['Džemal', 'Џемал', 'dž as Џ'],
    ['Ａｎａ', 'Ana', 'full-width letters'],
    ['Ana  Petrović ', 'Ana Petrović', 'spaces'],
    ['Oливера', 'Olivera', 'a Latin O in a Cyrillic name'],
  ])('%s ~ %s (%s)', (one, other) => {
    expect(lookAlikeKey(one)).toBe(lookAlikeKey(other));
  });

  it.each([
    ['Ana Petrović', 'Ana Petrovićka'],
    ['Marko', 'Mirko'],
    ['Ilija', 'Ilijana'],
  ])('%s and %s do not look alike', (one, other) => {
    expect(lookAlikeKey(one)).not.toBe(lookAlikeKey(other));
  });

  it('is wider than the key that refuses a second player of one name', () => {
    // The same name, written alike: refused (score sheets could not tell them apart).
    expect(nameKey('ana  PETROVIĆ')).toBe(nameKey('Ana Petrović'));
    // Only looking alike: flagged, not refused.
    expect(nameKey('Ана Петровић')).not.toBe(nameKey('Ana Petrović'));
  });
});

describe('players in alphabetical order', () => {
  const names = ['Žika Zec', 'Đorđe Šćekić', 'Zoran Ilić', 'Dragan Živković', 'Čedomir Ilić'];
  names.push('Ćira Ćirić', 'Cvijeta Kos', 'Džavid Ališić', 'Šaban Šaulić', 'Sava Savić');

  it('a Serbian page has the Serbian Latin order: C Č Ć … D Dž Đ … S Š … Z Ž', () => {
    expect([...names].sort(nameOrder('sr-Latn'))).toEqual([
      'Cvijeta Kos',
      'Čedomir Ilić',
      'Ćira Ćirić',
      'Dragan Živković',
      'Džavid Ališić',
      'Đorđe Šćekić',
      'Sava Savić',
      'Šaban Šaulić',
      'Zoran Ilić',
      'Žika Zec',
    ]);
    // A Cyrillic page lists the names as they were written, in the same order.
    expect([...names].sort(nameOrder('sr-Cyrl'))).toEqual([...names].sort(nameOrder('sr-Latn')));
    // Croatian's alphabet orders them as the Serbian Latin one does (Dž and Đ after D).
    expect([...names].sort(nameOrder('hr'))).toEqual([...names].sort(nameOrder('sr-Latn')));
  });

  it('an English page has the English order', () => {
    expect(['Zoe', 'adam', 'Ćira'].sort(nameOrder('en'))).toEqual(['adam', 'Ćira', 'Zoe']);
  });
});
