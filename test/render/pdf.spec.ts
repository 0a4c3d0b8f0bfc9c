import { fontBytes } from '../../src/render/pdf/fonts';
import { printedCode } from '../../src/table-codes/codes';
import {
  crossTablePdf,
  gameRecordPdf,
  pairingsPdf,
  scoreSheetsPdf,
  standingsPdf,
} from '../../src/render/pdf';
import { describeWithPoppler, pdfFonts, pdfPages, pdfText, renderPage } from './poppler';
import {
  DIGRAPHS,
  fixtureReport,
  gameDoc,
  pairingsDoc,
  PLAYERS,
  sheetsDoc,
  standingsDoc,
  unknownWordReport,
} from './samples';

// fontkit (pdfkit's font engine) ships no types; this is the one call the test needs.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fontkit = require('fontkit') as {
  create(bytes: Buffer): { hasGlyphForCodePoint(codePoint: number): boolean };
};

const isPdf = (b: Buffer): boolean => b.subarray(0, 5).toString('latin1') === '%PDF-';

/** Every character the documents print that is not ASCII. */
const NEEDED =
  'ČĆĐŠŽčćđšž' +
  'ǄǅǆǇǈǉǊǋǌ' +
  'АБВГДЂЕЖЗИЈКЛЉМНЊОПРСТЋУФХЦЧЏШабвгдђежзијклљмнњопрстћуфхцчџш' +
  '½★●✓✗⚑≠→–—„”…×·';

describe('embedded font', () => {
  it.each(['regular', 'bold'] as const)(
    'DejaVu Sans %s has a glyph for every letter we print',
    (which) => {
      const font = fontkit.create(fontBytes(which));
      const missing = [...NEEDED].filter((ch) => !font.hasGlyphForCodePoint(ch.codePointAt(0)!));
      expect(missing).toEqual([]);
    },
  );
});

describe('PDF documents (bytes)', () => {
  it('each document is a PDF and renders in every language', async () => {
    for (const lang of ['sr-Latn', 'sr-Cyrl', 'hr', 'en'] as const) {
      expect(isPdf(await pairingsPdf(pairingsDoc(), lang))).toBe(true);
      expect(isPdf(await scoreSheetsPdf(sheetsDoc(2), lang))).toBe(true);
      expect(isPdf(await gameRecordPdf(gameDoc(), lang))).toBe(true);
      expect(isPdf(await standingsPdf(standingsDoc(), lang))).toBe(true);
    }
  });

  it('a round with no games still gives a valid document', async () => {
    expect(isPdf(await scoreSheetsPdf({ ...sheetsDoc(0) }, 'sr-Latn'))).toBe(true);
    expect(isPdf(await pairingsPdf({ ...pairingsDoc(), tables: [] }, 'sr-Latn'))).toBe(true);
  });
});

describeWithPoppler('PDF documents (pdftotext, pdftoppm, pdffonts)', () => {
  const DIACRITIC_NAMES = [
    'Petrović',
    'Đorđe Šćekić',
    'Čačak',
    'Ljubica Njegoš',
    'Džep',
    'Žarko Ćosić',
    'Džemal Ljajić',
  ];

  it('pairings: tables, names with every diacritic, Cyrillic, the result, and the A–Z list', async () => {
    const pdf = await pairingsPdf(pairingsDoc(), 'sr-Latn');
    const text = pdfText(pdf);
    expect(text).toContain('Parovi, 3. kolo');
    for (const name of DIACRITIC_NAMES) expect(text).toContain(name);
    expect(text).toContain('Љиљана Ђурђевић');
    expect(text).toContain('Ниш');
    expect(text).toContain('412 : 380');
    expect(text).toContain('slobodan');
    expect(text).toContain('Igrači po abecedi');
    // Table 2: Đorđe moves first against Ljubica.
    expect(pdfText(pdf, true)).toMatch(/2\s+Đorđe Šćekić \(Čačak\)\s+Ljubica Njegoš \(Džep\)/);
  });

  it('pairings in Cyrillic and English: the fixed text follows the language, names stay', async () => {
    const cyr = pdfText(await pairingsPdf(pairingsDoc(), 'sr-Cyrl'));
    expect(cyr).toContain('Парови, 3. коло');
    expect(cyr).toContain('Игра први');
    expect(cyr).toContain('Đorđe Šćekić');
    const en = pdfText(await pairingsPdf(pairingsDoc(), 'en'));
    expect(en).toContain('Pairings, round 3');
    expect(en).toContain('Moves first');
  });

  it('pairings, score sheets and a game record in Croatian: its own words, every letter prints', async () => {
    const pairings = pdfText(await pairingsPdf(pairingsDoc(), 'hr'));
    expect(pairings).toContain('Parovi, 3. kolo');
    expect(pairings).toContain('Stol');
    expect(pairings).toContain('Igrači po abecedi');
    for (const name of DIACRITIC_NAMES) expect(pairings).toContain(name);
    const sheets = pdfText(await scoreSheetsPdf(sheetsDoc(1), 'hr'));
    for (const word of ['Sudac', 'Preostalo vrijeme', 'Potpis', 'Konačni rezultat'])
      expect([word, sheets.includes(word)]).toEqual([word, true]);
    expect(sheets).not.toMatch(/Sudija|Pobednik|vreme/);
    const record = pdfText(await gameRecordPdf(gameDoc(), 'hr'));
    expect(record).toContain('Provjereni zapisnik');
    expect(record).not.toMatch(/Provereni|\bPoeni\b|\bReč\b/);
  });

  it('score sheets: one page per game, names and table filled in, a 10-turn grid per player', async () => {
    const pdf = await scoreSheetsPdf(sheetsDoc(4), 'sr-Latn');
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(4);
    expect(pages[1]).toContain('Sto 2');
    expect(pages[1]).toContain('Đorđe Šćekić');
    expect(pages[1]).toContain('Ljubica Njegoš');
    expect(pages[2]).toContain('Љиљана Ђурђевић');
    expect(pages[2]).toContain('Žarko Ćosić');
    expect(pages[3]).toContain('Džemal Ljajić');
    for (const head of ['Potez', 'Pozicija', 'Reč', 'Poeni', 'Ukupno', 'Sat']) {
      expect(pages[0].split(head).length - 1).toBeGreaterThanOrEqual(2); // one grid per player
    }
    expect(pages[0]).toContain('Pločice na stalku na kraju');
    expect(pages[0]).toContain('Potpis: Ana Petrović');
    expect(pages[0]).toContain('Sudija');
    expect(pages[0]).toContain('Kvizovka, 30 min po igraču');
    // Turn numbers 1…10 twice.
    const layout = pdfText(pdf, true).split('\f')[0];
    expect(layout.match(/^\s+10\s*$/gm)?.length).toBe(2);
  });

  it('upper-case digraphs DŽ LJ NJ and Cyrillic Џ Љ Њ print as written', async () => {
    const doc = sheetsDoc(1);
    const pdf = await scoreSheetsPdf(
      {
        ...doc,
        games: [
          {
            table: 9,
            first: { name: 'DŽENANA LJUBIĆ-NJEGOVAN', club: 'ČĆĐŠŽ' },
            second: { name: 'ЏЕНАНА ЉУБИЋ-ЊЕГОВАН', club: 'ЂЋЖШЧ' },
          },
        ],
      },
      'sr-Cyrl',
    );
    const text = pdfText(pdf);
    expect(text).toContain('DŽENANA LJUBIĆ-NJEGOVAN (ČĆĐŠŽ)');
    expect(text).toContain('ЏЕНАНА ЉУБИЋ-ЊЕГОВАН (ЂЋЖШЧ)');
    expect(text).toContain('Записник');
    expect(text).toContain('Сто 9');
  });

  it('a seat code of the widest letters prints on one line under its QR code, to be copied whole', async () => {
    // The e2e's random code WDHG7WW45A once wrapped after its first five letters.
    const codes = ['WWWWWMMMMM', 'MMMMMWWWWW', 'WDHG7WW45A', '1111111111'];
    const doc = sheetsDoc(1);
    const pdf = await scoreSheetsPdf(
      {
        ...doc,
        games: [
          {
            ...doc.games[0],
            codes: codes.map((code) => ({
              printed: printedCode(code),
              url: `https://arbiter.example/t/${code}`,
            })),
          },
        ],
      },
      'sr-Latn',
    );
    const text = pdfText(pdf);
    codes.forEach((code, i) =>
      expect(text).toContain(`${i + 1}: ${code.slice(0, 5)} ${code.slice(5)}`),
    );
  });

  it("a card game's score sheet asks for rotations, cards and points, not words, racks or clocks", async () => {
    const pdf = await scoreSheetsPdf(
      {
        ...sheetsDoc(1),
        rulesName: 'Quivit',
        clockMinutes: undefined,
        turnsPerPlayer: 5,
        cardGame: true,
      },
      'en',
    );
    const [page] = pdfPages(pdf);
    for (const head of ['Turn', 'Rotation', 'Cards taken (values)', 'Score', 'Total'])
      expect(page.split(head).length - 1).toBeGreaterThanOrEqual(2); // one grid per player
    for (const label of ['Final score', 'Cards at the end', 'Drawn for Double Rotate'])
      expect(page).toContain(label);
    expect(page).toContain('Double Rotate, Color Block, notes');
    for (const crossword of ['Word', 'Clock', 'Tiles left on the rack', 'Time left', 'Challenges'])
      expect(page).not.toContain(crossword);
    // Five rounds: turn numbers 1…5 twice, no 6.
    const layout = pdfText(pdf, true);
    expect(layout.match(/^\s+5\s*$/gm)?.length).toBe(2);
    expect(layout.match(/^\s+6\s*$/gm)).toBeNull();
    // Cyrillic keeps the cards' names as printed on the box.
    expect(pdfText(await scoreSheetsPdf({ ...sheetsDoc(1), cardGame: true }, 'sr-Cyrl'))).toContain(
      'Double Rotate',
    );
  });

  /** The row numbers of a side-by-side sheet page: lines `n … n`, both players' grids. */
  const pairedRows = (page: string): number[] =>
    [...page.matchAll(/^\s*(\d+)\s+(\d+)\s*$/gm)]
      .filter((m) => m[1] === m[2])
      .map((m) => Number(m[1]));

  it('score sheets honour turnsPerPlayer', async () => {
    const layout = pdfText(
      await scoreSheetsPdf({ ...sheetsDoc(1), turnsPerPlayer: 12 }, 'en'),
      true,
    );
    // More than 10 turns: the two grids side by side, 12 rows each.
    expect(pairedRows(layout)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(layout).toContain('Signature: Ana Petrović');
  });

  it('Scrabble blank score sheets have enough rows for a whole game (no turn limit: 25 or more a player, one page)', async () => {
    for (const cardGame of [false, true]) {
      const pdf = await scoreSheetsPdf(
        {
          ...sheetsDoc(2),
          rulesName: 'Scrabble (English)',
          clockMinutes: 25,
          turnsPerPlayer: null,
          cardGame,
        },
        'en',
      );
      const pages = pdfText(pdf, true)
        .split('\f')
        .filter((p) => p.trim());
      expect(pages).toHaveLength(2); // one a game
      for (const page of pages) {
        const rows = pairedRows(page);
        expect(rows.length).toBeGreaterThanOrEqual(25);
        expect(rows).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
        expect(page).toContain('Signature: ');
      }
      expect(pages[0]).toMatch(
        /Ana Petrović \(Novi Sad\)\s+moves first\s+2\. Marko Jovanović \(Beograd\)\s+moves second/,
      );
    }
    // Absent is the same as null: a game without a turn limit.
    const { turnsPerPlayer: _, ...unlimited } = sheetsDoc(1);
    expect(
      pairedRows(pdfText(await scoreSheetsPdf(unlimited, 'en'), true)).length,
    ).toBeGreaterThanOrEqual(25);
  });

  it('a turn limit longer than a page holds goes on over the next page, names repeated, numbers going on', async () => {
    const pdf = await scoreSheetsPdf({ ...sheetsDoc(1), turnsPerPlayer: 40 }, 'en');
    const pages = pdfText(pdf, true)
      .split('\f')
      .filter((p) => p.trim());
    expect(pages).toHaveLength(2);
    const rows = pages.flatMap(pairedRows);
    expect(rows).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(pages[1]).toContain('Marko Jovanović');
    expect(pages[0]).not.toContain('Signature');
    expect(pages[1]).toContain('Signature: Ana Petrović');
  });

  it('game record: verdict, computed scores, flags and the findings with their squares', async () => {
    const text = pdfText(await gameRecordPdf(gameDoc(), 'sr-Latn'));
    expect(text).toContain('Provereni zapisnik');
    expect(text).toContain('Zapisnik ima neslaganja');
    expect(text).toContain('Pobeda: Milica Đorđević, po poenima');
    expect(text).toContain('KUĆA 8');
    expect(text).toContain('ĆUPRIJA 12');
    expect(text).toContain('nedozvoljen potez');
    expect(text).toContain(
      '2. potez: MAČKA ne dodiruje nijednu pločicu na tabli (polja C3, D3, E3, F3, G3)',
    );
    expect(text).toContain('polje F11');
    // Board coordinates and tiles.
    expect(text).toContain('Ć');
    expect(text).toMatch(/\bQ\b/);
    expect(text).toMatch(/\b17\b/);
  });

  it('game record in English keeps the engine’s messages; in Cyrillic the labels are Cyrillic', async () => {
    const en = pdfText(await gameRecordPdf(gameDoc(), 'en'));
    expect(en).toContain('touches no tile already on the board');
    expect(en).toContain('illegal play');
    const cyr = pdfText(await gameRecordPdf(gameDoc(), 'sr-Cyrl'));
    expect(cyr).toContain('Проверени записник');
    expect(cyr).toContain('недозвољен потез');
  });

  it('game record: a word not in the dictionary is named once among the findings', async () => {
    const report = unknownWordReport();
    const text = pdfText(await gameRecordPdf(gameDoc(report), 'sr-Latn'));
    const findings = text.slice(text.lastIndexOf('Nalazi'));
    expect(findings.match(/KUĆAX/g)).toHaveLength(1);
    expect(findings).toContain('reč KUĆAX nije u rečniku');
  });

  it('game record of a board with LJ/NJ tiles, jokers and Cyrillic words', async () => {
    const report = DIGRAPHS();
    const text = pdfText(await gameRecordPdf(gameDoc(report), 'sr-Latn'));
    expect(text).toContain('LJ');
    expect(text).toContain('NJ');
    expect(text).toContain('БАЊА');
    expect(text).toContain('Zapisnik je ispravan');
  });

  it('a game record fits its game: no clock, racks, penalties or time on a Quivit record, no clock on a Scrabble one without clocks', async () => {
    const quivit = pdfText(
      await gameRecordPdf(gameDoc(fixtureReport('quivit/02-grid-links.report.json')), 'en'),
    );
    for (const h of [
      'Clock',
      'Tiles on rack',
      "From the opponent's rack",
      'Time penalty',
      'Time left',
    ]) {
      expect(quivit).not.toContain(h);
    }
    expect(quivit).toMatch(/Drawn for\s+Double\s+Rotate/);
    const scrabble = pdfText(
      await gameRecordPdf(
        gameDoc(fixtureReport('scrabble-en/01-english-values-six-zeros.report.json')),
        'en',
      ),
    );
    for (const h of ['Clock', 'Time penalty', 'Time left']) expect(scrabble).not.toContain(h);
    expect(scrabble).toContain('Tiles on rack');
    const kvizovka = pdfText(
      await gameRecordPdf(
        gameDoc(fixtureReport('kvizovka/10-challenges-penalties.report.json')),
        'en',
      ),
    );
    for (const h of ['Clock', 'Tiles on rack', 'Time penalty', 'Time left', '29:00']) {
      expect(kvizovka).toContain(h);
    }
  });

  it('standings and cross-table: ranks, points with halves, spread, time, tie-breaks', async () => {
    const pdf = await standingsPdf(standingsDoc(), 'sr-Latn');
    const pages = pdfPages(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const layout = pdfText(pdf, true);
    expect(layout).toContain('Poredak posle 3. kola');
    expect(layout).toMatch(/2\.\s+Marko Jovanović\s+Beograd\s+2½\s+2-1-1\s+\+83\s+10:37/);
    expect(layout).toContain('Љиљана Ђурђевић');
    expect(layout).toContain('Buholc');
    expect(layout).toContain('Nikola Tesla (odustao)');
    expect(pages[pages.length - 1]).toContain('Ukrštena tabela');
    expect(layout).toMatch(/●\d+[PNI] \d+:\d+/);
  });

  it('standings: names, clubs and remarks whole; landscape only when portrait would cut them', async () => {
    const doc = standingsDoc();
    const club = 'Šahovsko-kvizovski klub „Novi Sad”';
    const name = 'Aleksandra Stojanović-Radovanović';
    const rows = doc.rows.map((r, i) =>
      i === 1 ? { ...r, club, byes: 1 } : i === 2 ? { ...r, name, absences: 1 } : r,
    );
    // Four tie-breaks leave about 200 points of portrait A4 for name and club: not enough.
    const wide = await standingsPdf({ ...doc, rows, crossTable: undefined }, 'sr-Latn');
    const page = renderPage(wide, 1, 20);
    expect(page.width).toBeGreaterThan(page.height);
    const text = pdfText(wide, true);
    expect(text).toContain(club);
    expect(text).toContain(`${name} (izostanci: 1)`);
    expect(text).toContain('(slobodan: 1)');
    expect(text).not.toContain('…');
    // The header of a narrow column goes on two lines rather than being cut.
    expect(text).toMatch(/Preostalo[\s\S]*vreme/);
    // Spread and time alone leave room: portrait, the same texts whole.
    const usual = await standingsPdf(
      { ...doc, rows, tieBreaks: ['spread', 'remaining-time'], crossTable: undefined },
      'sr-Latn',
    );
    const portrait = renderPage(usual, 1, 20);
    expect(portrait.width).toBeLessThan(portrait.height);
    expect(pdfText(usual, true)).toContain(club);
    expect(pdfText(usual, true)).not.toContain('…');
    // Two tie-break columns more: portrait still holds a long name and a long club once both
    // are set smaller, and neither is cut to leave the other room it does not need.
    const longer = 'Aleksandra Stanković-Radosavljević';
    const proleter = 'ŠK Proleter Zrenjanin';
    const three = await standingsPdf(
      {
        ...doc,
        rows: doc.rows.map((r, i) =>
          i === 0 ? { ...r, name: longer, club: proleter } : i === 2 ? { ...r, club: proleter } : r,
        ),
        tieBreaks: ['buchholz', 'spread', 'seed'],
        crossTable: undefined,
      },
      'sr-Latn',
    );
    const threePage = renderPage(three, 1, 20);
    expect(threePage.width).toBeLessThan(threePage.height);
    expect(pdfText(three, true)).toMatch(new RegExp(`${longer}\\s+${proleter}`));
    expect(pdfText(three, true)).not.toContain('…');
  });

  it('pairings and the cross-table print long names whole; a club beside a name is cut first', async () => {
    const long = 'Aleksandra Stojanović-Radovanović';
    const club = 'Šahovsko-kvizovski klub „Novi Sad”';
    const doc = pairingsDoc();
    const tables = doc.tables.map((g, i) =>
      i === 0
        ? {
            ...g,
            first: { ...g.first, name: long, club },
            second: g.second && { ...g.second, club },
          }
        : g,
    );
    const pairings = pdfPages(await pairingsPdf({ ...doc, tables }, 'sr-Latn'));
    expect(pairings[0]).toContain(long);
    // A time loss says so beside the scores, which do not decide it.
    const onTime = doc.tables.map((g, i) =>
      i === 1
        ? {
            ...g,
            result: {
              scores: [412, 377] as const,
              winner: 'second' as const,
              reason: 'time-expired',
            },
          }
        : g,
    );
    expect(pdfText(await pairingsPdf({ ...doc, tables: onTime }, 'sr-Latn'))).toMatch(
      /412 : 377\s+0–1 na vreme/,
    );
    // The players' list A–Z: the name whole, then as much of the club as the row holds.
    expect(pairings[1]).toContain(`${long} (Šahovsko`);
    const standings = standingsDoc();
    const crossTable = {
      ...standings.crossTable!,
      rows: standings.crossTable!.rows.map((r, i) => (i === 0 ? { ...r, name: long } : r)),
    };
    const cross = pdfText(await crossTablePdf({ ...standings, crossTable }, 'sr-Latn'));
    expect(cross).toContain(long);
  });

  it('a cross-table alone is landscape', async () => {
    const doc = standingsDoc();
    const pdf = await crossTablePdf({ ...doc, crossTable: doc.crossTable! }, 'en');
    const page = renderPage(pdf, 1, 20);
    expect(page.width).toBeGreaterThan(page.height);
    expect(pdfText(pdf)).toContain('Cross-table');
  });

  it('long tables go on over pages and repeat their header', async () => {
    const doc = standingsDoc();
    const rows = Array.from({ length: 120 }, (_, i) => ({
      ...doc.rows[i % doc.rows.length],
      rank: i + 1,
      name: `${PLAYERS[i % 8].name} ${i + 1}`,
    }));
    const pages = pdfPages(await standingsPdf({ ...doc, rows, crossTable: undefined }, 'sr-Latn'));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const p of pages) expect(p).toContain('Mesto');
    expect(pages[pages.length - 1]).toContain('Ana Petrović 113');
  });

  it('fonts are embedded (DejaVu Sans, no base-14 font)', async () => {
    for (const pdf of [
      await pairingsPdf(pairingsDoc(), 'sr-Cyrl'),
      await gameRecordPdf(gameDoc(), 'sr-Latn'),
    ]) {
      const fonts = pdfFonts(pdf);
      expect(fonts.length).toBeGreaterThan(0);
      for (const f of fonts) {
        expect(f.embedded).toBe(true);
        expect(f.name).toMatch(/DejaVuSans/);
      }
    }
  });

  it('one page of each kind renders to a non-blank PNG', async () => {
    const docs = {
      pairings: await pairingsPdf(pairingsDoc(), 'sr-Latn'),
      sheets: await scoreSheetsPdf(sheetsDoc(1), 'sr-Latn'),
      game: await gameRecordPdf(gameDoc(), 'sr-Latn'),
      standings: await standingsPdf(standingsDoc(), 'sr-Latn'),
    };
    const ink: Record<string, number> = {};
    for (const [kind, pdf] of Object.entries(docs)) {
      const page = renderPage(pdf);
      // A4 portrait at 40 dpi.
      expect(page.width).toBeGreaterThan(300);
      expect(page.height).toBeGreaterThan(page.width);
      ink[kind] = page.inked;
    }
    expect(ink.pairings).toBeGreaterThan(0.01);
    expect(ink.sheets).toBeGreaterThan(0.05);
    expect(ink.game).toBeGreaterThan(0.1);
    expect(ink.standings).toBeGreaterThan(0.01);
    for (const v of Object.values(ink)) expect(v).toBeLessThan(0.9);
    // The findings are outlined in red on the board.
    expect(renderPage(docs.game, 1, 60).red).toBeGreaterThan(0.001);
  });
});
