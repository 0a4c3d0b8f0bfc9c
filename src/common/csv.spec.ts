import { csvCell, csvCellText, csvDelimiter, csvDocument, readCsv } from './csv';

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

  it.each([
    // [what, text, records as [line, fields], where it stopped]
    [
      'a line each',
      'a,b\nc,d',
      [
        [1, ['a', 'b']],
        [2, ['c', 'd']],
      ],
      null,
    ],
    [
      'CRLF, and a last line break',
      'a,b\r\nc,d\r\n',
      [
        [1, ['a', 'b']],
        [2, ['c', 'd']],
      ],
      null,
    ],
    ['a byte-order mark', '\uFEFFa,b', [[1, ['a', 'b']]], null],
    [
      'blank and separator-only lines skipped',
      'a,b\n\n , \nc,d',
      [
        [1, ['a', 'b']],
        [4, ['c', 'd']],
      ],
      null,
    ],
    [
      'a quoted line break: the record starts on its first line',
      'a,b\n"x\ny",z\nc,d',
      [
        [1, ['a', 'b']],
        [2, ['x\ny', 'z']],
        [4, ['c', 'd']],
      ],
      null,
    ],
    [
      'doubled quotes, a separator in quotes',
      '"say ""hi""","1,2"',
      [[1, ['say "hi"', '1,2']]],
      null,
    ],
    [
      'spaces around a field, a quoted one after a space',
      ' Ana , "NS" ',
      [[1, ['Ana', 'NS']]],
      null,
    ],
    ['a quote inside an unquoted field is text', 'O"Neil,x', [[1, ['O"Neil', 'x']]], null],
    [
      'a quote left open: the records before, and its line',
      'a,b\n\n"open,c\nd,e',
      [[1, ['a', 'b']]],
      { line: 3, kind: 'unclosed-quote' },
    ],
    [
      'text after a closing quote',
      'a,b\n"x"y,c',
      [[1, ['a', 'b']]],
      { line: 2, kind: 'after-quote' },
    ],
  ] as const)('reads %s', (_what, text, records, stop) => {
    const read = readCsv(text, ',');
    expect(read.records.map((r) => [r.line, r.fields])).toEqual(records);
    expect(read.stop).toEqual(stop);
  });

  it('finds the separator the first line that is not blank holds most of', () => {
    expect(csvDelimiter('\nAna;NS;1700', [',', ';', '\t'])).toBe(';');
    expect(csvDelimiter('name\tclub', [',', ';', '\t'])).toBe('\t');
    expect(csvDelimiter('a;b,c', [',', ';'])).toBe(',');
    expect(csvDelimiter('Ana', [',', ';'])).toBe(',');
  });
});
