import { csvCell, csvCellText, csvDocument } from './csv';

describe('CSV cells a spreadsheet would run are neutralised (OWASP CSV injection)', () => {
  it.each([
    // [cell, written]
    ['=1+1', `"'=1+1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['+cmd|calc', `"'+cmd|calc"`],
    ["-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['-12', `"'-12"`], // text that looks like a number is text: neutralised
    ['Ana Petrović', 'Ana Petrović'],
    ['Petrović, Ana', '"Petrović, Ana"'],
    ['Dule "Brzi"', '"Dule ""Brzi"""'],
    ['a=b', 'a=b'], // only the first character starts a formula
    ['', ''],
  ])('%j is written %s', (cell, written) => {
    expect(csvCell(cell)).toBe(written);
  });

  it.each([
    [-12, '-12'], // a number of a numeric column stays a number, negative too
    [0, '0'],
    [1602, '1602'],
    [null, ''],
  ])('the number %j is written %s', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('a number that is not finite is a bug, not a cell', () => {
    expect(() => csvCell(Number.NaN)).toThrow('a CSV number cell holds NaN');
  });

  it('reads a neutralised cell back as it was, and leaves other text alone', () => {
    for (const cell of ['=1+1', '@SUM(A1)', '+cmd|calc', '-12', '\t=x']) {
      expect(csvCellText(`'${cell}`)).toBe(cell);
    }
    expect(csvCellText("'t Hooft")).toBe("'t Hooft");
    expect(csvCellText("O'Brien")).toBe("O'Brien");
  });

  it('a document is a header and a line a row, each cell neutralised', () => {
    expect(
      csvDocument(
        ['name', 'change'],
        [
          ['=1+1', -12],
          ['Ana', 7],
        ],
      ),
    ).toBe(`name,change\n"'=1+1",-12\nAna,7\n`);
  });
});
