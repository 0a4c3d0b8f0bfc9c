import { parseRatingCsv, RatingCsvError, ratingCsv } from './rating-csv';

const problems = (text: string) => {
  try {
    parseRatingCsv(text);
  } catch (e) {
    if (e instanceof RatingCsvError) return e.problems.map((p) => [p.line, p.field, p.code]);
    throw e;
  }
  return [];
};

describe('rating lists as CSV', () => {
  it('neutralises names a spreadsheet would run, and reads them back as they were', () => {
    const lines = ['=1+1', '@SUM(A1)', '+cmd|calc', '-Ana'].map((name, i) => ({
      federationId: `SRB-${i + 1}`,
      name,
      country: 'SRB',
      family: 'kvizovka',
      rating: 1500 + i,
      games: i,
    }));
    const text = ratingCsv(lines);
    expect(text).toBe(
      'federationId,name,country,family,rating,games\n' +
        `SRB-1,"'=1+1",SRB,kvizovka,1500,0\n` +
        `SRB-2,"'@SUM(A1)",SRB,kvizovka,1501,1\n` +
        `SRB-3,"'+cmd|calc",SRB,kvizovka,1502,2\n` +
        `SRB-4,"'-Ana",SRB,kvizovka,1503,3\n`,
    );
    expect(parseRatingCsv(text).map(({ line: _line, ...l }) => l)).toEqual(lines);
  });

  it('exports what it imports: quotes where a field needs them, a header line', () => {
    const lines = [
      {
        federationId: 'SRB-1',
        name: 'Petrović, Ana',
        country: 'SRB',
        family: 'kvizovka',
        rating: 1602,
        games: 52,
      },
      {
        federationId: null,
        name: 'Dule "Brzi"',
        country: null,
        family: 'scrabble-en',
        rating: 1500,
        games: 2,
      },
    ];
    const text = ratingCsv(lines);
    expect(text).toBe(
      'federationId,name,country,family,rating,games\n' +
        'SRB-1,"Petrović, Ana",SRB,kvizovka,1602,52\n' +
        ',"Dule ""Brzi""",,scrabble-en,1500,2\n',
    );
    expect(parseRatingCsv(text).map(({ line: _line, ...l }) => l)).toEqual(lines);
  });

  it('takes the columns in any order, semicolons, no games column', () => {
    expect(parseRatingCsv('\uFEFFrating;name;family\n1710;Ana;kvizovka\n')).toEqual([
      {
        line: 2,
        federationId: null,
        name: 'Ana',
        country: null,
        family: 'kvizovka',
        rating: 1710,
        games: 0,
      },
    ]);
  });

  it('names every bad line and column, and refuses the whole list', () => {
    expect(
      problems(
        'federationId,name,country,family,rating,games\n' +
          'a b,Ana,SRB,kvizovka,1600,1\n' +
          ',,,kvizovka,1600,1\n' +
          'X-1,Bora,Serbia,chess,16000,-1\n' +
          'X-2,Ceca,,kvizovka,1500,0\n' +
          'X-2,Ceca,,kvizovka,1510,0\n',
      ),
    ).toEqual([
      [2, 'federationId', 'federationId'],
      [3, 'name', 'nameOrId'],
      [4, 'country', 'country'],
      [4, 'family', 'family'],
      [4, 'rating', 'rating'],
      [4, 'games', 'games'],
      [6, 'federationId', 'duplicate'],
    ]);
    expect(problems('name,rating,colour\nAna,1500,red\n')).toEqual([
      [1, 'family', 'headerMissing'],
      [1, 'colour', 'headerUnknown'],
    ]);
    expect(problems('')).toEqual([[1, '', 'empty']]);
    expect(problems('name,family,rating\n"Ana,kvizovka,1500\n')).toEqual([[2, '', 'quote']]);
    expect(problems('name,family,rating\n')).toEqual([[2, '', 'noRatings']]);
  });
});
