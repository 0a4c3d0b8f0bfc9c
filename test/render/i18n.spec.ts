import { readdirSync, readFileSync, statSync } from 'fs';
import { join } from 'path';
import {
  isArgumentElement,
  isLiteralElement,
  isPluralElement,
  isPoundElement,
  isSelectElement,
  parse,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import {
  DEFAULT_LANG,
  formatClock,
  formatDate,
  formatPoints,
  formatSpread,
  isMessageKey,
  languageFromAcceptLanguage,
  LANGUAGES,
  latinToCyrillic,
  MessageKey,
  pickLanguage,
  t,
  TABLES,
} from '../../src/i18n';
import { cyrillicFromLatin } from '../../src/i18n/generate-cyrillic';
import { formTexts } from '../../src/sheet-form/messages';
import { srCyrl } from '../../src/i18n/sr-Cyrl';
import { srLatn } from '../../src/i18n/sr-Latn';
import { KEEP_LATIN } from '../../src/i18n/transliterate';

const KEYS = Object.keys(srLatn) as MessageKey[];

/** A message's arguments by name, each with its kind (`n:plural`, `name:argument`). */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]): void => {
    for (const e of elements) {
      if (isLiteralElement(e) || isPoundElement(e)) continue;
      found.add(
        `${e.value}:${isArgumentElement(e) ? 'argument' : isPluralElement(e) ? 'plural' : e.type}`,
      );
      if (isPluralElement(e) || isSelectElement(e))
        for (const option of Object.values(e.options)) walk(option.value);
    }
  };
  walk(parse(message, { ignoreTag: true }));
  return [...found].sort();
}

/** A message's argument names: a language may say a number plainly where another needs a plural. */
const placeholders = (message: string): string[] => [
  ...new Set(argumentsOf(message).map((a) => a.slice(0, a.indexOf(':')))),
];

/** The messages whose words follow a number (`{n, plural, …}`) in some language. */
const PLURAL_KEYS = KEYS.filter((k) =>
  LANGUAGES.some((lang) => argumentsOf(TABLES[lang][k]).some((a) => a.endsWith(':plural'))),
);

describe('translation tables', () => {
  it.each(LANGUAGES)('%s has every key, no other, and no empty text', (lang) => {
    const table = TABLES[lang];
    expect(Object.keys(table).sort()).toEqual([...KEYS].sort());
    for (const k of KEYS) expect(table[k].trim()).not.toBe('');
  });

  it.each(LANGUAGES)('%s keeps the placeholders of the Latin text', (lang) => {
    for (const k of KEYS)
      expect([k, placeholders(TABLES[lang][k])]).toEqual([k, placeholders(srLatn[k])]);
  });

  it('the Cyrillic table is the transliterated Latin one (regenerate it after editing the Latin table)', () => {
    expect(srCyrl).toEqual(cyrillicFromLatin());
  });

  it('the Cyrillic table has no Latin letters but abbreviations and placeholders', () => {
    for (const k of KEYS) {
      const rest = srCyrl[k]
        .replace(/\{\w+(, ?(plural|number),?)?/g, '')
        .replace(/\b(one|few|other)\{/g, '')
        .replace(/\{\w+\}/g, '')
        .replace(/(?<=\d)x(?=\d)/g, '') // a board's size, 15x15
        .replace(/[A-Za-z]+/g, (w) => (KEEP_LATIN.has(w) ? '' : w));
      expect([k, rest.match(/[A-Za-zČĆĐŠŽčćđšž]/g)]).toEqual([k, null]);
    }
  });

  it('English has no Serbian left in it', () => {
    for (const k of KEYS) expect([k, /[čćđšžČĆĐŠŽ]/.test(TABLES.en[k])]).toEqual([k, false]);
  });

  it('every key a view uses exists', () => {
    const views = join(__dirname, '..', '..', 'views');
    const files: string[] = [];
    const walk = (d: string): void => {
      for (const f of readdirSync(d)) {
        const p = join(d, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (f.endsWith('.hbs')) files.push(p);
      }
    };
    walk(views);
    expect(files.length).toBeGreaterThan(15);
    const used = new Set<string>();
    for (const f of files) {
      for (const m of readFileSync(f, 'utf8').matchAll(/(?:\{\{|\()t "([^"]+)"/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((k) => !isMessageKey(k))).toEqual([]);
  });
});

describe('Latin → Cyrillic', () => {
  it.each([
    ['LJUBAV', 'ЉУБАВ'],
    ['Ljubav', 'Љубав'],
    ['ljubav', 'љубав'],
    ['NJIVA', 'ЊИВА'],
    ['Njegoš', 'Његош'],
    ['konj', 'коњ'],
    ['DŽEP', 'ЏЕП'],
    ['Džemal', 'Џемал'],
    ['odžak', 'оџак'],
    ['Đorđe Šćekić iz Čačka', 'Ђорђе Шћекић из Чачка'],
    ['žaba', 'жаба'],
    ['ǅep ǈubav ǋiva', 'Џеп Љубав Њива'],
    ['ǆ ǉ ǌ Ǆ Ǉ Ǌ', 'џ љ њ Џ Љ Њ'],
    // Two letters, not a digraph:
    ['injekcija', 'инјекција'],
    ['konjunkcija', 'конјункција'],
    ['nadživeti', 'надживети'],
    ['podžupan', 'поджупан'],
    ['Nadživeo', 'Надживео'],
    // Left alone:
    ['{name} je pobedio', '{name} је победио'],
    ['PDF i CSV', 'PDF и CSV'],
    ['12. 3. 2026.', '12. 3. 2026.'],
  ])('%s → %s', (latin, cyrillic) => {
    expect(latinToCyrillic(latin)).toBe(cyrillic);
  });

  it('reads decomposed letters (C + combining caron) as Č', () => {
    expect(latinToCyrillic('C\u030Cas')).toBe('Час');
  });
});

describe('choosing the language', () => {
  it('takes the first value that names a language: query, then cookie, else Serbian Latin', () => {
    expect(DEFAULT_LANG).toBe('sr-Latn');
    expect(pickLanguage(undefined, undefined)).toBe('sr-Latn');
    expect(pickLanguage('sr-Cyrl', 'en')).toBe('sr-Cyrl');
    expect(pickLanguage(undefined, 'en')).toBe('en');
    expect(pickLanguage('xx', 'sr-cyrl')).toBe('sr-Cyrl');
    expect(pickLanguage(['en', 'sr-Cyrl'])).toBe('en');
    expect(pickLanguage('ћирилица')).toBe('sr-Cyrl');
    expect(pickLanguage('LAT')).toBe('sr-Latn');
    expect(pickLanguage(42, {})).toBe('sr-Latn');
  });

  it('names Croatian by its code and its own name', () => {
    for (const name of ['hr', 'HR', 'hr-HR', 'hr-hr', 'Hrvatski', 'hrvatski'])
      expect([name, pickLanguage(name)]).toEqual([name, 'hr']);
    expect(pickLanguage('xx', 'hr')).toBe('hr');
  });

  it('takes Croatian from a browser whose first language is Croatian, and nothing else', () => {
    const cases: [unknown, string | null][] = [
      ['hr', 'hr'],
      ['hr-HR,hr;q=0.9,en-US;q=0.8,en;q=0.7', 'hr'],
      ['HR-hr', 'hr'],
      ['en-US,en;q=0.9,hr;q=0.8', null],
      ['en;q=0.5, hr;q=0.8', 'hr'],
      ['hr;q=0.5, sr;q=0.5', 'hr'],
      ['sr-RS,sr;q=0.9', null],
      ['hr;q=0, en', null],
      ['*', null],
      ['hrvatski', null],
      ['', null],
      [undefined, null],
      [['hr'], null],
    ];
    for (const [header, lang] of cases)
      expect([header, languageFromAcceptLanguage(header)]).toEqual([header, lang]);
  });
});

/**
 * Ekavian forms and Serbian-only words, each a whole word: the Croatian catalogue is its own
 * text (ijekavian, Croatian terms), not the Serbian Latin one with a few words renamed.
 */
const NOT_CROATIAN = [
  ...['vreme', 'mesto', 'mesta', 'mestu', 'posle', 'pre', 'reč', 'reči', 'rečnik', 'ceo'],
  ...['celu', 'cela', 'uvek', 'ovde', 'dve', 'obe', 'prosek', 'primer', 'vrednost', 'vredi'],
  ...['pobeda', 'pobede', 'nerešeno', 'sledeći', 'sledeće', 'promena', 'promenite', 'provera'],
  ...['proveri', 'proverite', 'zameni', 'videti', 'izveštaj', 'žreb', 'zbir', 'mesto', 'deli'],
  ...['sačuvaj', 'sačuvano', 'sačuvajte', 'podešavanja', 'poeni', 'poena', 'sudija', 'sudije'],
  ...['tačno', 'tačka', 'tabela', 'tabla', 'sto', 'ponovo', 'hiljada', 'uslov', 'nalog', 'spisak'],
  ...['štampa', 'izaberite', 'kolona', 'kolone', 'sistem', 'server', 'kriterijum', 'nosilac'],
  ...['nosioca', 'pregledač', 'dozvoljeno', 'šta', 'ko', 'niko', 'neko', 'sajt', 'nazad'],
];

describe('the Croatian table', () => {
  it('has no ekavian form or Serbian-only word', () => {
    const word = new RegExp(`(?<![\\p{L}])(${NOT_CROATIAN.join('|')})(?![\\p{L}])`, 'iu');
    for (const k of KEYS) expect([k, word.exec(TABLES.hr[k])?.[0]]).toEqual([k, undefined]);
  });

  it("the sheet form's Croatian texts: every key, the same placeholders, no ekavian form", () => {
    const hr = formTexts('hr');
    const sr = formTexts('sr-Latn');
    expect(Object.keys(hr).sort()).toEqual(Object.keys(sr).sort());
    const word = new RegExp(`(?<![\\p{L}])(${NOT_CROATIAN.join('|')})(?![\\p{L}])`, 'iu');
    for (const [k, text] of Object.entries(hr)) {
      expect([k, placeholders(text)]).toEqual([k, placeholders(sr[k as keyof typeof sr])]);
      expect([k, word.exec(text)?.[0]]).toEqual([k, undefined]);
    }
    expect(hr['form.save']).toBe('Provjeri i spremi');
  });

  it('says the words of a Croatian event', () => {
    expect(t('hr', 'col.rank')).toBe('Mjesto');
    expect(t('hr', 'col.points')).toBe('Bodovi');
    expect(t('hr', 'common.table', { n: 4 })).toBe('Stol 4');
    expect(t('hr', 'common.save')).toBe('Spremi');
    expect(t('hr', 'org.settings')).toBe('Postavke');
    expect(t('hr', 'nav.judge')).toBe('Sudac');
    expect(t('hr', 'result.win')).toBe('pobjeda');
    expect(t('hr', 'result.draw')).toBe('neriješeno');
    expect(t('hr', 'issue.TIE_BY_LOT')).toContain('ždrijeb');
    expect(t('hr', 'col.remaining')).toBe('Preostalo vrijeme');
  });
});

/**
 * Each message whose words follow a number, for 1, 2, 5, 11, 21 and 22 in every language:
 * Serbian says 1 and 21 one way, 2 and 22 (2 to 4) another, 5 and 11 a third; English 1 alone.
 * The Cyrillic is the Latin transliterated (its catalogue is made so).
 */
const COUNTS = [1, 2, 5, 11, 21, 22];
const PLURALS: Record<
  string,
  {
    params?: Record<string, string | number>;
    sr: string[];
    en: string[];
    /** Croatian, where its words differ from the Serbian ones. */
    hr?: string[];
  }
> = {
  'accounts.remove.roles': {
    sr: ['1 uloga na turniru', '2 uloge', '5 uloga', '11 uloga', '21 uloga', '22 uloge'],
    en: ['1 tournament role goes', ...[2, 5, 11, 21, 22].map((n) => `${n} tournament roles go`)],
  },
  'desk.counts': {
    params: { flagged: 0, unconfirmed: 0, none: 0, done: 0 },
    sr: [1, 2, 5, 11, 21, 22].map((n) => `čeka potvrdu: 0 · čeka sudiju: ${n} · bez rezultata: 0`),
    en: [1, 2, 5, 11, 21, 22].map(
      (n) => `waiting for a confirmation: 0 · waiting for a judge: ${n} · without a result: 0`,
    ),
    hr: [1, 2, 5, 11, 21, 22].map((n) => `čeka potvrdu: 0 · čeka suca: ${n} · bez rezultata: 0`),
  },
  'tournaments.players': {
    sr: ['1 igrač', '2 igrača', '5 igrača', '11 igrača', '21 igrač', '22 igrača'],
    en: ['1 player', '2 players', '5 players', '11 players', '21 players', '22 players'],
  },
  'tournaments.rounds': {
    sr: ['1 kolo', '2 kola', '5 kola', '11 kola', '21 kolo', '22 kola'],
    en: ['1 round', '2 rounds', '5 rounds', '11 rounds', '21 rounds', '22 rounds'],
  },
  'person.chart.line': {
    params: { family: 'Kvizovka', first: 1500, last: 1532 },
    sr: [
      'od 1500 do 1532 kroz 1 turnir',
      'od 1500 do 1532 kroz 2 turnira',
      'od 1500 do 1532 kroz 5 turnira',
      'od 1500 do 1532 kroz 11 turnira',
      'od 1500 do 1532 kroz 21 turnir',
      'od 1500 do 1532 kroz 22 turnira',
    ],
    en: [
      'from 1500 to 1532 over 1 tournament',
      ...[2, 5, 11, 21, 22].map((n) => `from 1500 to 1532 over ${n} tournaments`),
    ],
  },
  'person.stats.from': {
    sr: ['1 partija', '2 partije', '5 partija', '11 partija', '21 partija', '22 partije'].map(
      (n) => `Samo partije čiji je rezultat uzet iz zapisnika koji je program proverio: ${n}.`,
    ),
    en: ['1 game', '2 games', '5 games', '11 games', '21 games', '22 games'].map(
      (n) => `Only games whose result was taken from a score sheet the program checked: ${n}.`,
    ),
    hr: ['1 partija', '2 partije', '5 partija', '11 partija', '21 partija', '22 partije'].map(
      (n) => `Samo partije čiji je rezultat uzet iz zapisnika koji je program provjerio: ${n}.`,
    ),
  },
  'org.csvImport': {
    sr: COUNTS.map((n) => `Uvezi ${n} igrača`),
    en: [
      'Import 1 player',
      'Import 2 players',
      'Import 5 players',
      'Import 11 players',
      'Import 21 players',
      'Import 22 players',
    ],
  },
  'org.missingResults': {
    params: { round: 1, tables: '1, 2, 4' },
    sr: [
      'nedostaje 1 rezultat 1. kola (sto 1, 2, 4)',
      'nedostaju 2 rezultata 1. kola (stolovi 1, 2, 4)',
      'nedostaje 5 rezultata 1. kola (stolovi 1, 2, 4)',
      'nedostaje 11 rezultata 1. kola (stolovi 1, 2, 4)',
      'nedostaje 21 rezultat 1. kola (stolovi 1, 2, 4)',
      'nedostaju 22 rezultata 1. kola (stolovi 1, 2, 4)',
    ],
    hr: [
      'nedostaje 1 rezultat 1. kola (stol 1, 2, 4)',
      'nedostaju 2 rezultata 1. kola (stolovi 1, 2, 4)',
      'nedostaje 5 rezultata 1. kola (stolovi 1, 2, 4)',
      'nedostaje 11 rezultata 1. kola (stolovi 1, 2, 4)',
      'nedostaje 21 rezultat 1. kola (stolovi 1, 2, 4)',
      'nedostaju 22 rezultata 1. kola (stolovi 1, 2, 4)',
    ],
    en: [
      '1 result of round 1 is missing (table 1, 2, 4)',
      ...[2, 5, 11, 21, 22].map((n) => `${n} results of round 1 are missing (tables 1, 2, 4)`),
    ],
  },
  'org.csvReady': {
    sr: [
      '1 igrač je spreman za uvoz.',
      '2 igrača su spremna za uvoz.',
      '5 igrača je spremno za uvoz.',
      '11 igrača je spremno za uvoz.',
      '21 igrač je spreman za uvoz.',
      '22 igrača su spremna za uvoz.',
    ],
    en: [
      '1 player is ready to import.',
      ...[2, 5, 11, 21, 22].map((n) => `${n} players are ready to import.`),
    ],
  },
  'csv.tooLong': {
    params: { column: 'name', max: 80 },
    sr: ['1 znak', '2 znaka', '5 znakova', '11 znakova', '21 znak', '22 znaka'].map(
      (w) => `ima ${w}; najviše je 80`,
    ),
    en: ['1 character', ...[2, 5, 11, 21, 22].map((n) => `${n} characters`)].map(
      (w) => `name has ${w}; at most 80`,
    ),
  },
  'form.placePoints': {
    params: { example: '3/2/1' },
    sr: [
      'Upišite 1 broj, za',
      'Upišite 2 broja odvojena kosom crtom, za',
      'Upišite 5 brojeva odvojenih kosom crtom, za',
      'Upišite 11 brojeva odvojenih kosom crtom, za',
      'Upišite 21 broj, za',
      'Upišite 22 broja odvojena kosom crtom, za',
    ],
    en: [
      'Enter 1 number, first',
      ...[2, 5, 11, 21, 22].map((n) => `Enter ${n} numbers separated by slashes, first`),
    ],
  },
  'sheetProblem.RACK_SIZE': {
    params: { written: 'ABC', min: 0, max: 10 },
    sr: [
      'ima 1 pločicu,',
      'ima 2 pločice,',
      'ima 5 pločica,',
      'ima 11 pločica,',
      'ima 21 pločicu,',
      'ima 22 pločice,',
    ],
    en: ['holds 1 tile;', ...[2, 5, 11, 21, 22].map((n) => `holds ${n} tiles;`)],
  },
  'flash.tshImported': {
    sr: COUNTS.map((n) => `igrača: ${n}.`),
    en: ['TSH file: 1 player.', ...[2, 5, 11, 21, 22].map((n) => `TSH file: ${n} players.`)],
  },
  'tsh.problem.opponent-range': {
    params: { round: 3, value: 40 },
    sr: COUNTS.map((n) => `(igrača je ${n})`),
    en: ['(1 player)', ...[2, 5, 11, 21, 22].map((n) => `(${n} players)`)],
  },
  'log.count.complete': {
    sr: ['1 partija', '2 partije', '5 partija', '11 partija', '21 partija', '22 partije'].map(
      (w) => `${w} s rezultatom`,
    ),
    en: ['1 game', ...[2, 5, 11, 21, 22].map((n) => `${n} games`)].map((w) => `${w} with a result`),
  },
  'log.count.pending': {
    sr: ['1 partija', '2 partije', '5 partija', '11 partija', '21 partija', '22 partije'].map(
      (w) => `${w} bez rezultata`,
    ),
    en: ['1 game', ...[2, 5, 11, 21, 22].map((n) => `${n} games`)].map(
      (w) => `${w} without a result`,
    ),
  },
  'log.count.repeats': {
    sr: ['1 par', '2 para', '5 parova', '11 parova', '21 par', '22 para'].map(
      (w) => `${w} igrača ponovo za istim stolom`,
    ),
    hr: ['1 par', '2 para', '5 parova', '11 parova', '21 par', '22 para'].map(
      (w) => `${w} igrača ponovno za istim stolom`,
    ),
    en: ['1 pair', ...[2, 5, 11, 21, 22].map((n) => `${n} pairs`)].map(
      (w) => `${w} of players at one table again`,
    ),
  },
  'rating.report.startsList': {
    sr: ['1 igrač', '2 igrača', '5 igrača', '11 igrača', '21 igrač', '22 igrača'].map(
      (w) => `${w} s rejting liste`,
    ),
    en: ['1 player', ...[2, 5, 11, 21, 22].map((n) => `${n} players`)].map(
      (w) => `${w} from the rating list`,
    ),
  },
  'rating.report.startsRegistered': {
    sr: COUNTS.map((n) => `${n} s rejtingom iz prijave`),
    en: [
      '1 from a registered rating',
      ...[2, 5, 11, 21, 22].map((n) => `${n} from registered ratings`),
    ],
  },
  'rating.report.startsFirst': {
    sr: COUNTS.map((n) => `${n} s prvim rejtingom`),
    en: ['1 first rating', ...[2, 5, 11, 21, 22].map((n) => `${n} first ratings`)],
  },
  'err.TURN_OUT_OF_RANGE': {
    sr: [
      'ima 1 potez:',
      'ima 2 poteza:',
      'ima 5 poteza:',
      'ima 11 poteza:',
      'ima 21 potez:',
      'ima 22 poteza:',
    ],
    en: ['has 1 turn:', ...[2, 5, 11, 21, 22].map((n) => `has ${n} turns:`)],
  },
  'import.reason.IMPORT_TOO_MANY_ROUNDS': {
    params: { planned: 3 },
    sr: [
      'navedeno je 1 kolo,',
      'navedena su 2 kola,',
      'navedeno je 5 kola,',
      'navedeno je 11 kola,',
      'navedeno je 21 kolo,',
      'navedena su 22 kola,',
    ],
    en: ['1 round is listed,', ...[2, 5, 11, 21, 22].map((n) => `${n} rounds are listed,`)],
  },
  'err.ROUND_OUT_OF_RANGE': {
    params: { min: 1 },
    sr: COUNTS.map((n) => `upareno je kola ${n}.`),
    en: ['1 round is paired.', ...[2, 5, 11, 21, 22].map((n) => `${n} rounds are paired.`)],
  },
};

describe('plurals', () => {
  it('every message with a plural is in the table below, and only those', () => {
    expect([...PLURAL_KEYS].sort()).toEqual(Object.keys(PLURALS).sort());
  });

  it.each(Object.entries(PLURALS))(
    '%s for 1, 2, 5, 11, 21 and 22',
    (key, { params, sr, en, hr }) => {
      const said = (lang: (typeof LANGUAGES)[number], n: number) =>
        t(lang, key as MessageKey, { n, turns: n, count: n, max: n, ...params });
      COUNTS.forEach((n, i) => {
        expect(said('sr-Latn', n)).toContain(sr[i]);
        expect(said('sr-Cyrl', n)).toContain(latinToCyrillic(sr[i]));
        expect(said('en', n)).toContain(en[i]);
        expect(said('hr', n)).toContain((hr ?? sr)[i]);
      });
    },
  );

  it('a count after a plural is written as the language writes numbers', () => {
    expect(t('sr-Latn', 'tournaments.players', { n: 20000 })).toBe('20.000 igrača');
    expect(t('sr-Cyrl', 'tournaments.players', { n: 20000 })).toBe('20.000 играча');
    expect(t('en', 'tournaments.players', { n: 20000 })).toBe('20,000 players');
    expect(t('hr', 'tournaments.players', { n: 20000 })).toBe('20.000 igrača');
  });
});

describe('messages and numbers', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(t('sr-Latn', 'common.round', { n: 3 })).toBe('Kolo 3');
    expect(t('sr-Cyrl', 'common.round', { n: 3 })).toBe('Коло 3');
    expect(t('en', 'common.page', { n: 2, total: 5 })).toBe('Page 2 of 5');
    expect(t('en', 'common.page', { n: 2 })).toBe('Page 2 of {total}');
    expect(t('sr-Latn', 'flash.paired', { n: 3 })).toBe('3. kolo je upareno.');
    expect(t('sr-Cyrl', 'flash.paired', { n: 3 })).toBe('3. коло је упарено.');
    expect(t('en', 'form.integer', { min: 1, max: 9 })).toBe('Enter a whole number from 1 to 9.');
  });

  it('a plain number keeps its digits, and quotes around a placeholder stay', () => {
    expect(t('en', 'common.page', { n: 20000, total: 20001 })).toBe('Page 20000 of 20001');
    expect(t('en', 'err.SHEET_RULES_MISMATCH', { sheet: 'kvizovka', rules: 'scrabble-en' })).toBe(
      "The sheet is for 'kvizovka' but the tournament plays 'scrabble-en'.",
    );
    expect(t('sr-Latn', 'sheet.json.notSheet')).toContain('vitičastom zagradom {, a GCG znakom #;');
  });

  it("a sign-in wait reads in the page's letters", () => {
    expect(
      t('sr-Cyrl', 'err.SIGN_IN_THROTTLED', { wait: t('sr-Cyrl', 'time.minutes', { n: 15 }) }),
    ).toContain('за 15 мин ');
    expect(t('en', 'time.seconds', { n: 30 })).toBe('30 s');
  });

  it('formats points, spread, clocks and dates', () => {
    expect([0, 0.5, 2, 2.5, 10].map(formatPoints)).toEqual(['0', '½', '2', '2½', '10']);
    expect([12, 0, -7].map(formatSpread)).toEqual(['+12', '0', '-7']);
    expect([0, 65, 1800, 3725, -80].map(formatClock)).toEqual([
      '00:00',
      '01:05',
      '30:00',
      '1:02:05',
      '-01:20',
    ]);
    expect(formatDate('sr-Latn', '2026-03-12')).toBe('12. 3. 2026.');
    expect(formatDate('en', '2026-03-12')).toBe('2026-03-12');
    expect(formatDate('hr', '2026-03-12')).toBe('12. 3. 2026.');
    expect(formatDate('en', 'not a date')).toBe('not a date');
  });
});
