import { readFileSync } from 'fs';
import { join } from 'path';
import type { VerificationReport } from '../../src/engine/report/report';
import { boardInputFor, buildBoardModel } from '../../src/render/board-model';
import { boardLegend, renderBoardSvg } from '../../src/render/board-svg';
import { DIGRAPHS, ILLEGAL } from './samples';

const emptyBoard = (size: number): string[] =>
  Array.from({ length: size }, () => Array.from({ length: size }, () => '.').join(' '));
const count = (svg: string, re: RegExp): number => svg.match(re)?.length ?? 0;

describe('board SVG', () => {
  it('Kvizovka 17x17: 45 marked squares by kind, coordinates A–Q and 1–17', () => {
    const svg = renderBoardSvg(boardInputFor('kvizovka', emptyBoard(17)), { lang: 'sr-Latn' });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('data-size="17"');
    expect(count(svg, /class="sq premium /g)).toBe(45);
    // The printed board: X (word x2) ×8, 3 ×4, 4 ×8, the centre, and 2 on the other 24.
    expect(count(svg, /premium-word2"/g)).toBe(8);
    expect(count(svg, /premium-letter3"/g)).toBe(4);
    expect(count(svg, /premium-letter4"/g)).toBe(8);
    expect(count(svg, /premium-start"/g)).toBe(1);
    expect(count(svg, /premium-letter2"/g)).toBe(45 - 8 - 4 - 8 - 1);
    expect(count(svg, /class="sq"/g) + 45).toBe(17 * 17);
    expect(svg).toMatch(/data-square="I9"><title>I9 centar<\/title>/);
    expect(svg).toMatch(/<text class="coord"[^>]*>Q<\/text>/);
    expect(svg).toMatch(/<text class="coord"[^>]*>17<\/text>/);
    expect(svg).not.toMatch(/<text class="coord"[^>]*>R<\/text>/);
    // Labels in the page's language.
    expect(svg).toContain('>4S<');
    expect(renderBoardSvg(boardInputFor('kvizovka', emptyBoard(17)), { lang: 'en' })).toContain(
      '>4L<',
    );
    expect(
      renderBoardSvg(boardInputFor('kvizovka', emptyBoard(17)), { lang: 'sr-Cyrl' }),
    ).toContain('>4С<');
  });

  it('Scrabble 15x15: 61 premium squares, coordinates A–O and 1–15', () => {
    const svg = renderBoardSvg(boardInputFor('scrabble-en', emptyBoard(15)), { lang: 'en' });
    expect(svg).toContain('data-size="15"');
    expect(count(svg, /class="sq premium /g)).toBe(61);
    expect(count(svg, /premium-word3"/g)).toBe(8);
    expect(count(svg, /premium-word2"/g)).toBe(16);
    expect(count(svg, /premium-letter3"/g)).toBe(12);
    expect(count(svg, /premium-letter2"/g)).toBe(24);
    expect(count(svg, /premium-start"/g)).toBe(1);
    expect(svg).toMatch(/<text class="coord"[^>]*>O<\/text>/);
    expect(svg).not.toMatch(/<text class="coord"[^>]*>P<\/text>/);
    expect(svg).toMatch(/<text class="coord"[^>]*>15<\/text>/);
    expect(svg).toContain('>3W<');
  });

  it('blockers are black squares; tiles show letter and value', () => {
    const report = ILLEGAL();
    const blockers = report.board
      .join(' ')
      .split(' ')
      .filter((s) => s === '#').length;
    const svg = renderBoardSvg(boardInputFor('kvizovka', report.board), { lang: 'sr-Latn' });
    expect(blockers).toBeGreaterThan(0);
    expect(count(svg, /class="sq blocker"/g)).toBe(blockers);
    expect(svg).toMatch(/<g class="sq blocker" data-square="E9">/);
    expect(svg).toMatch(/<rect [^>]*fill="#161616"/);
    // Ć on H9, value 3.
    expect(svg).toMatch(
      /data-square="H9"><title>H9 Ć[^<]*<\/title>.*>Ć<\/text>.*class="value"[^>]*>3<\/text>/,
    );
  });

  it('jokers are marked and coloured; digraph tiles are one tile', () => {
    const report = DIGRAPHS();
    const svg = renderBoardSvg(boardInputFor('kvizovka', report.board), { lang: 'sr-Latn' });
    const jokers = report.board
      .join(' ')
      .split(' ')
      .filter((s) => s !== s.toUpperCase()).length;
    expect(jokers).toBe(2);
    expect(count(svg, /class="joker-mark"/g)).toBe(2);
    expect(svg).toMatch(/<g class="sq tile joker digraph" data-square="E9">.*>LJ<\/text>/);
    expect(svg).toMatch(
      /<g class="sq tile digraph" data-square="G11">.*>NJ<\/text>.*class="value"[^>]*>4<\/text>/,
    );
    expect(svg).toMatch(/<g class="sq tile joker" data-square="F6">/);
    // A joker shows no value.
    expect(svg).not.toMatch(/data-square="F6">.*class="value"/);
    const legend = boardLegend(boardInputFor('kvizovka', report.board), 'sr-Latn');
    expect(legend.map((l) => l.kind)).toEqual(
      expect.arrayContaining(['premium', 'blocker', 'joker']),
    );
  });

  it('highlighted squares are outlined in red, on top of tiles and empty squares alike', () => {
    const report = ILLEGAL();
    const squares = report.turns.flatMap((t) => t.issues.flatMap((i) => i.squares ?? []));
    const svg = renderBoardSvg(boardInputFor('kvizovka', report.board, { highlight: squares }), {
      lang: 'en',
    });
    const unique = [...new Set(squares)];
    expect(count(svg, /class="highlight-mark"/g)).toBe(unique.length);
    for (const sq of unique) {
      expect(svg).toMatch(
        new RegExp(`class="highlight-mark" data-square="${sq}"[^>]*stroke="#d7191c"`),
      );
    }
    expect(svg).toMatch(/<g class="sq premium premium-word2 highlight" data-square="C3">/);
    // Outlines come after every square so nothing covers them.
    expect(svg.lastIndexOf('class="sq')).toBeLessThan(svg.indexOf('highlight-mark'));
    const legend = boardLegend(
      boardInputFor('kvizovka', report.board, { highlight: squares }),
      'en',
    );
    expect(legend.find((l) => l.kind === 'highlight')?.label).toBe('square with a finding');
  });

  it('placed squares get a dashed outline; unknown square names are ignored', () => {
    const svg = renderBoardSvg(
      boardInputFor('kvizovka', ILLEGAL().board, { placed: ['F9', 'G9'], highlight: ['Z99'] }),
      { lang: 'en' },
    );
    expect(count(svg, /class="placed-mark"/g)).toBe(2);
    expect(count(svg, /class="highlight-mark"/g)).toBe(0);
  });

  it("Qwibble: padlock squares, each player's tiles in their colour, safe tiles edged", () => {
    const report = JSON.parse(
      readFileSync(
        join(__dirname, '..', 'fixtures', 'qwibble', '01-steal-and-safe.report.json'),
        'utf8',
      ),
    ) as VerificationReport;
    const marks = report.ownership!.join(' ').split(' ');
    const of = (re: RegExp) => marks.filter((m) => re.test(m)).length;
    const input = boardInputFor('qwibble', report.board, {
      ownership: report.ownership,
      players: report.players.map((p) => p.name),
    });
    const svg = renderBoardSvg(input, { lang: 'en' });
    // The rule book's 12 padlocks, each drawn as a lock, not written; Bea's O covers the one on H15.
    const empty = renderBoardSvg(boardInputFor('qwibble', emptyBoard(15)), { lang: 'en' });
    expect(count(empty, /premium-padlock"/g)).toBe(12);
    expect(count(empty, /class="padlock"/g)).toBe(12);
    expect(count(svg, /class="padlock"/g)).toBe(11);
    expect(svg).toMatch(/data-square="H15"><title>H15 O Bea Lund padlock<\/title>/);
    expect(of(/^[aA]$/)).toBeGreaterThan(0);
    expect(of(/^[bB]$/)).toBeGreaterThan(0);
    expect(count(svg, /class="sq tile owner-1/g)).toBe(of(/^[aA]$/));
    expect(count(svg, /class="sq tile owner-2/g)).toBe(of(/^[bB]$/));
    expect(count(svg, / safe"/g)).toBe(of(/^[AB]$/));
    expect(count(svg, /fill="#bcdcf5"/g)).toBe(of(/^[bB]$/));
    // J8 is Bea's S, made safe: the tooltip names her.
    expect(svg).toMatch(/data-square="J8"><title>J8 S Bea Lund<\/title>/);
    expect(boardLegend(input, 'en').map((l) => [l.kind, l.label])).toEqual([
      ['premium', 'padlock'],
      ['premium', '★ centre'],
      ['owner', "Ana Ruiz's tiles"],
      ['owner', "Bea Lund's tiles"],
      ['safe', 'safe tile (thick edge)'],
    ]);
    // Without ownership the tiles are drawn as in any other game.
    const plain = renderBoardSvg(boardInputFor('qwibble', report.board), { lang: 'sr-Latn' });
    expect(count(plain, /owner-/g)).toBe(0);
    expect(boardLegend(boardInputFor('qwibble', report.board), 'sr-Latn')[0].label).toBe('katanac');
  });

  it('rejects a board that does not match the layout', () => {
    expect(() => buildBoardModel(boardInputFor('kvizovka', emptyBoard(15)))).toThrow(/layout/);
    const bad = emptyBoard(17);
    bad[3] = '. .';
    expect(() => buildBoardModel(boardInputFor('kvizovka', bad))).toThrow(/row 4/);
    expect(() => boardInputFor('no-such-rules', emptyBoard(17))).toThrow(/unknown rule set/);
  });

  it('escapes text it did not make', () => {
    const svg = renderBoardSvg(boardInputFor('kvizovka', emptyBoard(17)), {
      lang: 'en',
      title: '<script>"x"</script>',
    });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;&quot;x&quot;');
  });
});
