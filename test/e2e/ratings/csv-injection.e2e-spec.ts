import { DATABASE_KIND, startTestApp, TestApp } from '../harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60000);
afterAll(() => t.close());

describe(`a spreadsheet runs no cell of a CSV export (${DATABASE_KIND})`, () => {
  it('/api/ratings.csv neutralises imported names a spreadsheet would run, and reads them back', async () => {
    // Names as a hostile list brings them: a formula, a function, a command, a tab, a minus.
    const names = ['=1+1', '@SUM(A1)', '+cmd|calc', "-2+3+cmd|' /C calc'!A0", '=HYPERLINK("x")'];
    const list =
      'federationId,name,family,rating,games\n' +
      names
        .map((n, i) => `F-${i + 1},"${n.replace(/"/g, '""')}",qwibble,${1900 - i},${i}`)
        .join('\n');
    const imported = await t.http
      .post('/api/ratings/import')
      .set(t.organiser)
      .send({ csv: list })
      .expect(200);
    expect(imported.body.imported).toBe(names.length);

    const csv = await t.http.get('/api/ratings.csv?family=qwibble').expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    // Each name after a ' and in quotes; rating and games stay numbers.
    expect(csv.text).toBe(
      'federationId,name,country,family,rating,games\n' +
        `F-1,"'=1+1",,qwibble,1900,0\n` +
        `F-2,"'@SUM(A1)",,qwibble,1899,1\n` +
        `F-3,"'+cmd|calc",,qwibble,1898,2\n` +
        `F-4,"'-2+3+cmd|' /C calc'!A0",,qwibble,1897,3\n` +
        `F-5,"'=HYPERLINK(""x"")",,qwibble,1896,4\n`,
    );
    // No line of the file starts a cell with a character a spreadsheet runs.
    for (const line of csv.text.split('\n')) {
      for (const cell of line.split(',')) expect(cell).not.toMatch(/^"?[=+\-@\t\r]/);
    }

    // The exported list imported again is the same list: the names as they were.
    await t.http.post('/api/ratings/import').set(t.organiser).send({ csv: csv.text }).expect(200);
    const again = (await t.http.get('/api/ratings?family=qwibble').expect(200)).body as {
      name: string;
    }[];
    expect(again.map((l) => l.name)).toEqual(names);
    expect((await t.http.get('/api/ratings.csv?family=qwibble').expect(200)).text).toBe(csv.text);
  });
});
