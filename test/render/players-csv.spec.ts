import { parsePlayersCsv } from '../../src/render/players-csv';

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
    const r = parsePlayersCsv('  \n\n', 'sr-Cyrl');
    expect(r.ok).toBe(false);
    expect(r.errors[0]).toMatchObject({ code: 'empty', message: 'датотека је празна' });
  });
});
