import { parsePlayersCsv, previewPage } from '../../src/players/players-csv';

describe('player registration CSV', () => {
  it('reads name, club, rating, seed with a Serbian header and semicolons', () => {
    const p = parsePlayersCsv(
      '\uFEFFime;klub;rejting;nosilac\r\nAna Petrović;Novi Sad;1700;1\r\nĐorđe Šćekić;Čačak;;2\r\n',
    );
    expect(p.ok).toBe(true);
    expect(p.header).toBe(true);
    expect(p.delimiter).toBe(';');
    expect(p.players).toEqual([
      {
        line: 2,
        name: 'Ana Petrović',
        club: 'Novi Sad',
        rating: 1700,
        seed: 1,
        federationId: null,
        country: null,
      },
      {
        line: 3,
        name: 'Đorđe Šćekić',
        club: 'Čačak',
        rating: null,
        seed: 2,
        federationId: null,
        country: null,
      },
    ]);
  });

  it('reads columns in the header’s order, and files without a header in the default order', () => {
    const p = parsePlayersCsv('seed,rating,name\n2,1500,Marko Jovanović\n');
    expect(p.players).toEqual([
      {
        line: 2,
        name: 'Marko Jovanović',
        club: null,
        rating: 1500,
        seed: 2,
        federationId: null,
        country: null,
      },
    ]);
    const q = parsePlayersCsv('Ljubica Njegoš,Džep,1600,4\nŽarko Ćosić\n');
    expect(q.header).toBe(false);
    expect(q.players.map((x) => [x.name, x.club, x.rating, x.seed])).toEqual([
      ['Ljubica Njegoš', 'Džep', 1600, 4],
      ['Žarko Ćosić', null, null, null],
    ]);
  });

  it('reads the federation id and country for the registry, and refuses bad ones on their line', () => {
    const p = parsePlayersCsv('name;federation id;country\nAna;SRB-12;SRB\nBora;;\n');
    expect(p.players.map((x) => [x.name, x.federationId, x.country])).toEqual([
      ['Ana', 'SRB-12', 'SRB'],
      ['Bora', null, null],
    ]);
    const bad = parsePlayersCsv('ime;zemlja;id u savezu\nAna;Srbija;12\nBora;SRB;a b\n');
    expect(bad.errors.map((e) => [e.line, e.code])).toEqual([
      [2, 'bad-country'],
      [3, 'bad-federation-id'],
    ]);
    expect(bad.errors[0].message).toBe(
      'zemlja „Srbija” nije dva ili tri velika latinična slova (SRB, CRO)',
    );
  });

  it('handles quotes, doubled quotes, separators and line breaks inside quotes, tabs', () => {
    const p = parsePlayersCsv('"Petrović, Ana";"ŠK ""Novi Sad""";1700\n"Two\nlines";x;1\n');
    expect(p.players[0]).toMatchObject({ line: 1, name: 'Petrović, Ana', club: 'ŠK "Novi Sad"' });
    expect(p.players[1]).toMatchObject({ line: 2, name: 'Two lines' });
    const t = parsePlayersCsv('Ana\tNS\t1700\t1\n');
    expect(t.delimiter).toBe('\t');
    expect(t.players[0]).toMatchObject({ name: 'Ana', club: 'NS', rating: 1700, seed: 1 });
  });

  it('reports every bad line with its number, imports nothing while there are errors', () => {
    const p = parsePlayersCsv(
      'ime;klub;rejting;nosilac\nAna;NS;1700;1\n;BG;1500;2\nĐorđe;ČA;abc;3\nLjubica;DŽ;1600;1\nMarko;BG;1;0\n\n;;;\nAna;NS;;\n',
    );
    expect(p.ok).toBe(false);
    expect(p.errors.map((e) => [e.line, e.code])).toEqual([
      [3, 'missing-name'],
      [4, 'bad-rating'],
      [5, 'duplicate-seed'],
      [6, 'bad-seed'],
    ]);
    expect(p.errors[0].message).toBe('nedostaje ime');
    expect(p.errors[1].message).toBe('rejting „abc” nije ceo broj od 0 do 5000');
    expect(p.errors[2].message).toBe('nosilac 1 je već dodeljen u redu 2');
    // A repeated name is only a warning; the empty and separator-only lines are skipped.
    expect(p.warnings.map((w) => [w.line, w.code])).toEqual([[9, 'duplicate-name']]);
    expect(p.rows.map((r) => [r.line, r.ok])).toEqual([
      [2, true],
      [3, false],
      [4, false],
      [5, false],
      [6, false],
      [9, true],
    ]);
  });

  it('says so in English, and for too many columns, an open quote, an empty file', () => {
    const p = parsePlayersCsv('Ana,NS,1700,1,extra\n', 'en');
    expect(p.errors[0]).toMatchObject({ line: 1, code: 'too-many-fields' });
    expect(p.errors[0].message).toContain('too many columns (5)');
    const q = parsePlayersCsv('Ana;NS\n"Marko;BG\n', 'en');
    expect(q.errors).toEqual([
      {
        line: 2,
        code: 'unclosed-quote',
        severity: 'error',
        message: 'a quotation mark is not closed',
      },
    ]);
    // Text after a closing quote is not read as part of the field: the line is named.
    const a = parsePlayersCsv('Ana;NS\n"Marko" Marković;BG\n', 'sr-Latn');
    expect(a.errors).toEqual([
      {
        line: 2,
        code: 'text-after-quote',
        severity: 'error',
        message: 'posle zatvorenog navodnika ima teksta; stavite celo polje pod navodnike',
      },
    ]);
    // The line where the file stopped has no row in the table: it is listed, not linked.
    const page = previewPage(a);
    expect(page.rows.map((row) => row.line)).toEqual([1]);
    expect(page.errors.map((e) => [e.line, e.inTable])).toEqual([[2, false]]);
    const r = parsePlayersCsv('  \n\n', 'sr-Cyrl');
    expect(r.ok).toBe(false);
    expect(r.errors[0]).toMatchObject({ code: 'empty', message: 'датотека је празна' });
  });

  it('a long file’s preview page lists every line with a problem and the first lines, in the file’s order, and counts the rest', () => {
    // 500 players; lines 101 and 401 lack a name (errors), line 302 repeats line 2's name (a warning).
    const lines = ['name,club'];
    for (let i = 2; i <= 501; i++) lines.push(`Igrač ${i},Klub`);
    lines[100] = ',Klub';
    lines[400] = ',Klub';
    lines[301] = 'Igrač 2,Klub';
    const page = previewPage(parsePlayersCsv(lines.join('\n'), 'en'), 10);
    expect(page.ok).toBe(false);
    expect(page.lineCount).toBe(500);
    expect(page.playerCount).toBe(498); // 500 lines - 2 without a name
    // The 3 lines with a problem, then the first 7 others (lines 2–8), in the file's order.
    expect(page.rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 101, 302, 401]);
    expect(page.left).toEqual({ rows: 490, problems: 0 });
    expect(page.errors.map((e) => e.line)).toEqual([101, 401]);
    expect(page.warnings.map((w) => w.line)).toEqual([302]);
    // More problems than the page lists: the count says how many are not shown.
    const bad = previewPage(parsePlayersCsv(`name\n${',x\n'.repeat(30)}`, 'en'), 10);
    expect(bad.errors).toHaveLength(10);
    expect(bad.left).toEqual({ rows: 20, problems: 20 });
    // A short file is shown whole.
    const short = previewPage(parsePlayersCsv('name\nAna\nBora\n', 'en'), 10);
    expect(short).toMatchObject({
      lineCount: 2,
      playerCount: 2,
      left: { rows: 0, problems: 0 },
    });
  });
});
