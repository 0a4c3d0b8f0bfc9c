import { readFileSync } from 'fs';
import { join } from 'path';
import { pdfText, POPPLER } from '../../render/poppler';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import {
  binary,
  createTournament,
  exportAndImport,
  pair,
  register,
  standings,
} from '../tournament-helpers';

/** Quivit fixtures: 01 ends 20-20, the second player winning on cards 14-13; 02 ends 26-19, cards 16-13. */
const sheet = (file: string, players: [string, string]) => ({
  ...(JSON.parse(
    readFileSync(join(__dirname, '..', '..', 'fixtures', 'quivit', file), 'utf8'),
  ) as object),
  players,
});

describe(`a card game's most-cards tie-break in a tournament (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  test('cards come from the verified sheets into standings, and survive export and import', async () => {
    const { id, divisionId } = await createTournament(t, {
      name: 'Quivit open',
      ruleSet: 'quivit',
      rounds: 2,
      pairingPlan: ['manual'],
      tieBreaks: ['cards', 'spread'],
      byeSpread: 0,
    });
    const judge = await t.account('judge', undefined, [id]);
    const [ana, ben] = await register(t, divisionId, ['Ana Ruiz', 'Ben Okafor']);
    const games: number[] = [];
    const enter = async (round: number, first: typeof ana, second: typeof ben, file: string) => {
      const paired = await pair(t, divisionId, {
        system: 'manual',
        pairings: [{ first: first.id, second: second.id }],
      });
      const game = paired.games[0];
      games.push(game.id);
      await t.http
        .put(`/api/games/${game.id}/scoresheet`)
        .set(judge)
        .send(sheet(file, [first.name, second.name]))
        .expect(200);
      expect(paired.number).toBe(round);
    };
    await enter(1, ana, ben, '01-totals-most-cards.sheet.json'); // Ben wins 20-20 on cards (Ana 13, Ben 14)
    await enter(2, ana, ben, '02-grid-links.sheet.json'); // Ana wins 26-19 (Ana 16 cards, Ben 13)
    // The game pages and records: 01 recorded no grid (no board to draw), 02 its last grid.
    for (const [i, game] of games.entries()) {
      const page = await t.http.get(`/games/${game}?lang=en`).expect(200);
      expect(page.text).toContain('Ana Ruiz');
      if (i === 0) expect(page.text).toContain('No grid was recorded');
      else
        expect(page.text).toContain(
          '<svg xmlns="http://www.w3.org/2000/svg" class="board card-grid"',
        );
      const pdf = await t.http.get(`/games/${game}/record.pdf`).expect(200);
      expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    }
    // The blank sheets of a round ask for rotations and cards, with no clock in the header.
    const sheets = await t.http
      .get(`/divisions/${divisionId}/rounds/1/sheets.pdf?lang=en`)
      .buffer(true)
      .parse(binary as never)
      .expect(200)
      .expect('Content-Type', 'application/pdf');
    if (POPPLER) {
      const text = pdfText(sheets.body as Buffer);
      expect(text).toContain('Rotation');
      expect(text).toContain('Drawn for Double Rotate');
      expect(text).not.toContain('Tiles left on the rack');
      expect(text).not.toMatch(/Quivit, \d+ min/);
    }
    const table = await standings(t, divisionId);
    const rows = table.rows as unknown as {
      name: string;
      points: number;
      cards: number;
      rank: number;
    }[];
    // 1 point each; cards Ana 13 + 16 = 29, Ben 14 + 13 = 27: Ana first on the cards tie-break
    expect(rows.map((r) => [r.rank, r.name, r.points, r.cards])).toEqual([
      [1, 'Ana Ruiz', 1, 29],
      [2, 'Ben Okafor', 1, 27],
    ]);
    const { imported } = await exportAndImport(t, id);
    const newDivision = imported.divisions[0].id;
    const again = await standings(t, newDivision);
    expect((again.rows as unknown as { cards: number }[]).map((r) => r.cards)).toEqual([29, 27]);
  });
});
