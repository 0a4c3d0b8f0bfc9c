import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { findRuleSet, gcgToScoresheet, parseGcg, Scoresheet, verifyDocument } from '../engine';
import { LANGUAGES } from '../i18n';
import {
  checkForm,
  checkSection,
  emptyEnd,
  emptyRow,
  FormRow,
  formToSheet,
  normaliseClock,
  normalisePosition,
  padRows,
  SheetForm,
  sheetLayout,
  sheetToForm,
} from '.';

import { fieldOptions, formView, playerLabels } from './view';

const FIXTURES = join(__dirname, '..', '..', 'test', 'fixtures');
const KVIZOVKA = sheetLayout(findRuleSet('kvizovka')!, ['Ana Petrović', 'Marko Jovanović']);

/** A row of a Kvizovka form: `row(0, '9F', 'KUĆA', '8', '8', '28:40')`. */
function row(
  player: number,
  position: string,
  word: string,
  score = '',
  total = '',
  clock = '',
  more: Partial<FormRow> = {},
): FormRow {
  return { ...emptyRow(player), position, word, score, total, clock, ...more };
}

const form = (rows: FormRow[], players = 2): SheetForm => ({
  rows,
  end: emptyEnd(players),
  extra: '',
});

describe('sheet form: what a judge types', () => {
  it.each([
    ['9F', '9F'],
    ['9f', '9F'],
    ['f9', 'F9'],
    [' 9 F ', '9F'],
    ['11g', '11G'],
    ['9Ф', '9F'], // a Serbian Cyrillic keyboard
    ['Г11', 'G11'],
    ['99', null],
    ['F', null],
    ['9FF', null],
    ['', null],
  ])('position %j reads as %j', (typed, expected) => {
    expect(normalisePosition(typed)).toBe(expected);
  });

  it.each([
    ['28:40', '28:40'],
    ['2840', '28:40'],
    ['28.40', '28:40'],
    ['28,40', '28:40'],
    ['28 40', '28:40'],
    ['5:07', '05:07'],
    ['507', '05:07'],
    ['-0:30', '-00:30'],
    ['28:60', null],
    ['28:4', null],
    ['abc', null],
  ])('clock %j reads as %j', (typed, expected) => {
    expect(normaliseClock(typed)).toBe(expected);
  });

  it('builds the scoresheet/1 turns from the rows, empty rows left out', () => {
    const rows = [
      row(0, '9f', 'KUĆA', '8', '8', '2840'),
      emptyRow(1),
      row(1, 'g8', 'R.KA', '7', '', '27:02'),
      { ...emptyRow(0), kind: 'exchange', word: '3', clock: '25:10' },
      { ...emptyRow(1), kind: 'pass' },
      row(0, '11G', '.U.O', '5', '18', '22:05', { challenge: 'valid' }),
    ];
    const { doc, turnRows, errors } = formToSheet(form(rows), KVIZOVKA, 'sr-Latn');
    expect(errors).toEqual([]);
    expect(turnRows).toEqual([0, 2, 3, 4, 5]);
    expect(doc.turns).toEqual([
      { player: 0, play: '9F KUĆA', score: 8, total: 8, clock: '28:40' },
      { player: 1, play: 'G8 R.KA', score: 7, clock: '27:02' },
      { player: 0, exchange: 3, clock: '25:10' },
      { player: 1, pass: true },
      {
        player: 0,
        play: '11G .U.O',
        score: 5,
        total: 18,
        clock: '22:05',
        challenge: { by: 1, valid: true },
      },
    ]);
    expect(doc.players).toEqual(['Ana Petrović', 'Marko Jovanović']);
  });

  it('names the cell that cannot be read, in the page language, and keeps the turn', () => {
    const rows = [row(0, '9F', 'KUĆA', 'osam', '8', '28:61'), row(1, 'X', 'RUKA')];
    for (const lang of LANGUAGES) {
      const { doc, errors } = formToSheet(form(rows), KVIZOVKA, lang);
      expect(doc.turns).toHaveLength(2);
      expect(errors.map((e) => ('row' in e ? `${e.row}:${e.field}` : '?'))).toEqual([
        '0:clock',
        '0:score',
        '1:position',
      ]);
      if (lang !== 'en') {
        for (const e of errors) expect(e.message).not.toMatch(/\b(Enter|the|position|whole)\b/);
      }
    }
    const sr = formToSheet(form(rows), KVIZOVKA, 'sr-Latn').errors;
    expect(sr[2].message).toContain('„X” nije pozicija');
    expect(formToSheet(form(rows), KVIZOVKA, 'sr-Cyrl').errors[2].message).toContain(
      '„X” није позиција: 9F је ред 9',
    );
  });

  it('asks who challenged in a game of three or more, and never the player himself', () => {
    const three = sheetLayout(findRuleSet('scrabble-target')!, ['A', 'B', 'C']);
    expect(three.columns).toContain('challengeBy');
    const rows = [
      row(0, '8H', 'CAT', '', '', '', { challenge: 'invalid' }),
      row(1, 'H8', 'C.T', '', '', '', { challenge: 'valid', challengeBy: '1' }),
      row(2, '9G', 'AT', '', '', '', { challenge: 'valid', challengeBy: '0' }),
    ];
    const { doc, errors } = formToSheet(form(rows, 3), three, 'en');
    expect(errors.map((e) => ('row' in e ? `${e.row}:${e.field}` : '?'))).toEqual([
      '0:challengeBy',
      '1:challengeBy',
    ]);
    expect(doc.turns[2].challenge).toEqual({ by: 0, valid: true });
  });

  it('pads a new sheet with rows for the whole game, players alternating', () => {
    const rows = padRows([], KVIZOVKA);
    expect(rows).toHaveLength(20); // 2 players x 10 turns
    expect(rows.map((r) => r.player).join('')).toBe('01'.repeat(10));
    const scrabble = sheetLayout(findRuleSet('scrabble-en')!, ['A', 'B']);
    expect(padRows([], scrabble)).toHaveLength(24);
    expect(scrabble.columns).toContain('rack');
    const quivit = sheetLayout(findRuleSet('quivit')!, ['A', 'B', 'C']);
    expect(quivit.columns).toEqual(['player', 'rotation', 'taken', 'score', 'total']);
  });
});

/** Every sheet the project keeps, of every rule set, from JSON and from GCG. */
function fixtureSheets(): [string, Scoresheet][] {
  const out: [string, Scoresheet][] = [];
  for (const dir of readdirSync(FIXTURES)) {
    for (const file of readdirSync(join(FIXTURES, dir))) {
      const text = readFileSync(join(FIXTURES, dir, file), 'utf8');
      if (file.endsWith('.sheet.json'))
        out.push([`${dir}/${file}`, JSON.parse(text) as Scoresheet]);
      if (file.endsWith('.gcg')) {
        const parsed = parseGcg(text);
        const converted = parsed.ok ? gcgToScoresheet(parsed.game, 'scrabble-en') : null;
        if (converted?.ok) out.push([`${dir}/${file}`, converted.value.sheet]);
      }
    }
  }
  return out;
}

describe('sheet form: an imported sheet fills the form and gives the same report', () => {
  it.each(fixtureSheets())('%s', (_name, sheet) => {
    const ruleSet = findRuleSet(sheet.rules)!;
    const layout = sheetLayout(ruleSet, sheet.players, sheet.options ?? {});
    const filled = sheetToForm(sheet, layout);
    const { doc, errors, turnRows } = formToSheet(filled, layout, 'en');
    // Only a play written with no position (a sheet that tests exactly that) is flagged by the form.
    for (const e of errors) {
      expect('row' in e && e.field).toBe('position');
      const play = sheet.turns[turnRows.indexOf('row' in e ? e.row : -1)].play ?? '';
      expect(normalisePosition(play.split(' ')[0])).toBeNull();
    }
    if (errors.length > 0) return;
    const fromForm = verifyDocument(doc);
    const original = verifyDocument(sheet);
    expect(fromForm.ok).toBe(original.ok);
    if (fromForm.ok && original.ok) expect(fromForm.report).toEqual(original.report);
  });
});

describe('sheet form: findings placed on their cells', () => {
  it('puts a wrong score on the score cell of its row, past empty rows', () => {
    const rows = [
      row(0, '9F', 'KUĆA', '8', '8'), // K2 + U2 + Ć3 + A1 = 8
      emptyRow(1),
      row(1, 'G8', 'R.KA', '9', '9'), // R1 + U2 (on the board) + K2 + A1 x2 (G11) = 7, not 9
    ];
    const check = checkForm(form(rows), KVIZOVKA, 'sr-Latn', null);
    expect(check.report!.turns[1].score).toEqual({ claimed: 9, computed: 7 });
    const onScore = check.flags.filter((f) => 'row' in f && f.field === 'score');
    expect(onScore.map((f) => ('row' in f ? f.row : -1))).toEqual([2]);
    expect(onScore[0].tone).toBe('bad');
  });

  it('puts a placement finding on the position, and a form reading error replaces the engine note', () => {
    const rows = [row(0, '1A', 'KUĆA'), row(1, 'ZZ', 'RUKA')];
    const check = checkForm(form(rows), KVIZOVKA, 'en', null);
    const cells = check.flags.map((f) => ('row' in f ? `${f.row}:${f.field}` : '?'));
    expect(cells).toContain('0:position'); // the first play is off the centre
    expect(cells.filter((c) => c.startsWith('1:'))).toEqual(['1:position']);
  });

  it('puts a final score that disagrees on that player’s final cell', () => {
    const f = form([row(0, '9F', 'KUĆA', '8', '8')]);
    f.end.final = ['9', '0'];
    const check = checkForm(f, KVIZOVKA, 'en', null);
    const finals = check.flags.filter((x) => 'end' in x && x.end === 'final');
    expect(finals.map((x) => ('end' in x ? x.player : -1))).toEqual([0]);
  });

  it.each(LANGUAGES)(
    'flags a clock typed into the tiles left on that cell (%s), and the turn-5 flag stays',
    (lang) => {
      const sheet = JSON.parse(
        readFileSync(join(FIXTURES, 'kvizovka', '24-carried-total.sheet.json'), 'utf8'),
      ) as Scoresheet;
      const layout = sheetLayout(findRuleSet('kvizovka')!, sheet.players);
      const f = sheetToForm(sheet, layout);
      f.end.racks = ['1634', ''];
      const check = checkForm(f, layout, lang, null);
      expect(check.report).not.toBeNull();
      const turn5 = check.flags.filter(
        (x) => 'row' in x && x.field === 'score' && x.tone === 'bad',
      );
      expect(turn5.length).toBe(1);
      const racks = check.flags.filter((x) => 'end' in x && x.end === 'racks');
      expect(racks.map((x) => ['end' in x ? x.player : -1, x.tone])).toEqual([[0, 'bad']]);
      const said = {
        'sr-Latn': '„1′ na 1. mestu nije slovo ove igre',
        'sr-Cyrl': '„1“ на 1. месту није слово ове игре',
        hr: '„1′ na 1. mjestu nije slovo ove igre',
        en: "'1' at character 1 is not a letter of this game",
      }[lang];
      expect(racks[0].message).toContain(said.replace('′', '“'));
      expect(check.flags.some((x) => 'sheet' in x)).toBe(false);
    },
  );
});

describe('sheet form: a play over occupied squares, challenged and ruled invalid (issue 34, defect 6)', () => {
  it.each(LANGUAGES)(
    'is noted in yellow, says it was withdrawn anyway, and the sheet is right (%s)',
    (lang) => {
      const sheet = JSON.parse(
        readFileSync(join(FIXTURES, 'kvizovka', '01-opening-exchange-pass.sheet.json'), 'utf8'),
      ) as Scoresheet;
      const plays = sheet.turns.map((x, i) => [x, i] as const).filter(([x]) => x.play);
      const [first] = plays[0];
      const [, last] = plays[plays.length - 1];
      // The last play written over the first play's squares in letters not on them, then ruled
      // invalid.
      const [position, word] = first.play!.split(' ');
      const turn = sheet.turns[last];
      turn.play = `${position} ${[...word].map((c) => (c === 'A' ? 'E' : 'A')).join('')}`;
      turn.challenge = { by: 1 - turn.player, valid: false };
      // The totals from it on are left empty (a judge may), and the finals are the rules'.
      sheet.turns.slice(last).forEach((x) => delete x.total);
      const verified = verifyDocument({ ...sheet, claimed: undefined }, { words: null });
      if (!verified.ok) throw new Error('unreadable');
      sheet.claimed = { final: verified.report.players.map((p) => p.final) };
      const layout = sheetLayout(findRuleSet('kvizovka')!, sheet.players);
      const check = checkForm(sheetToForm(sheet, layout), layout, lang, null);
      const onRow = check.flags.filter(
        (x) => 'row' in x && x.row === last && x.field === 'position',
      );
      expect(onRow.length).toBeGreaterThan(0);
      expect(onRow.every((x) => x.tone === 'warn')).toBe(true);
      const anyway = {
        'sr-Latn': 'potez je ionako povučen posle prigovora',
        'sr-Cyrl': 'потез је ионако повучен после приговора',
        hr: 'potez je ionako povučen poslije prigovora',
        en: 'withdrawn anyway',
      }[lang];
      for (const x of onRow) expect(x.message).toContain(anyway);
      expect(check.flags.filter((x) => x.tone === 'bad')).toEqual([]);
      expect(checkSection(check, layout, lang)!.report.sign).toBe('✓');
    },
  );
});

describe('sheet form: every end field that cannot be read is a flag on its cell', () => {
  const slipped = (end: { final?: readonly string[]; reason?: string; timeExpired?: string }) => {
    const sheet = JSON.parse(
      readFileSync(join(FIXTURES, 'kvizovka', '24-carried-total.sheet.json'), 'utf8'),
    ) as Scoresheet;
    const layout = sheetLayout(findRuleSet('kvizovka')!, sheet.players);
    const f = sheetToForm(sheet, layout);
    f.end = { ...f.end, ...end, final: [...(end.final ?? f.end.final)] };
    return { f, layout };
  };

  it.each([
    // [what, the end as typed, the cell, its player, what each language says]
    [
      'a final with a letter',
      { final: ['48З', '212'] },
      'final',
      0,
      {
        'sr-Latn': '„48З” nije konačan rezultat: upišite ceo broj.',
        'sr-Cyrl': '„48З” није коначан резултат: упишите цео број.',
        hr: '„48З” nije konačan rezultat: upišite cijeli broj.',
        en: '“48З” is no final score: enter a whole number.',
      },
    ],
    [
      'an ending the game does not have',
      { reason: 'umor' },
      'reason',
      undefined,
      {
        'sr-Latn': '„umor” nije kraj partije ove igre: izaberite kako se završila sa spiska.',
        'sr-Cyrl': '„umor” није крај партије ове игре: изаберите како се завршила са списка.',
        hr: '„umor” nije kraj partije ove igre: odaberite kako se završila s popisa.',
        en: '“umor” is no ending of this game: choose how it ended from the list.',
      },
    ],
    [
      'a time run out for a player who is not at the table',
      { timeExpired: '2' },
      'timeExpired',
      undefined,
      {
        'sr-Latn': '„2” nije igrač ove partije: izaberite kome je isteklo vreme.',
        'sr-Cyrl': '„2” није играч ове партије: изаберите коме је истекло време.',
        hr: '„2” nije igrač ove partije: odaberite kome je isteklo vrijeme.',
        en: '“2” is no player of this game: choose whose time ran out.',
      },
    ],
  ] as const)('%s', (_what, end, field, player, said) => {
    for (const lang of LANGUAGES) {
      const { f, layout } = slipped(end);
      const check = checkForm(f, layout, lang, null);
      // Every turn is still checked: the wrong score of turn 5 keeps its flag.
      expect(check.report).not.toBeNull();
      const turn5 = check.flags.filter(
        (x) => 'row' in x && x.row === 4 && x.field === 'score' && x.tone === 'bad',
      );
      expect(turn5.length).toBe(1);
      const flagged = check.flags.filter((x) => 'end' in x && x.end === field);
      expect(flagged.map((x) => ['end' in x ? x.player : null, x.tone, x.message])).toEqual([
        [player, 'bad', said[lang]],
      ]);
      expect(check.flags.some((x) => 'sheet' in x)).toBe(false);
    }
  });

  it('keeps an ending no option has in its select, flagged, rather than showing the first', () => {
    const { f, layout } = slipped({ reason: 'umor' });
    const check = checkForm(f, layout, 'sr-Latn', null);
    const view = formView(f, layout, 'sr-Latn', check.flags);
    expect(view.end.reason.tone).toBe('bad');
    expect(view.end.reason.options!.filter((o) => o.selected)).toEqual([
      { value: 'umor', label: 'umor', selected: true },
    ]);
  });
});

describe("sheet form: the players' names in a row's selects", () => {
  const cases: { names: string[]; shown: string[]; why: string }[] = [
    {
      why: 'names that fit are shown whole',
      names: ['Ana Petrović', 'Marko Jovanović'],
      shown: ['Ana Petrović', 'Marko Jovanović'],
    },
    {
      why: 'a long one becomes its first word and initials; the short one stays whole',
      names: ['Aleksandra Stanković-Radosavljević', 'Ceca Ilić'],
      shown: ['Aleksandra S.-R.', 'Ceca Ilić'],
    },
    {
      why: 'Cyrillic names, and every word of the rest',
      names: ['Љиљана Ђурђевић Станковић', 'Ђорђе Шћекић'],
      shown: ['Љиљана Ђ. С.', 'Ђорђе Шћекић'],
    },
    {
      why: 'whole names again when the short ones would not tell the players apart',
      names: ['Aleksandra Stanković-Radosavljević', 'Aleksandra Stojanović-Radovanović'],
      shown: ['Aleksandra Stanković-Radosavljević', 'Aleksandra Stojanović-Radovanović'],
    },
    {
      why: 'a long name of one word is left whole',
      names: ['Konstantinopoljanka', 'Bora'],
      shown: ['Konstantinopoljanka', 'Bora'],
    },
  ];
  it.each(cases)('$why', ({ names, shown }) => {
    const layout = sheetLayout(findRuleSet('kvizovka')!, names);
    expect(playerLabels(names)).toEqual(shown);
    const options = fieldOptions('player', layout, 'sr-Latn')!;
    expect(options.map((o) => o.label)).toEqual(shown);
    expect(fieldOptions('challengeBy', layout, 'sr-Latn')!.map((o) => o.label)).toEqual([
      '—',
      ...shown,
    ]);
  });
});
