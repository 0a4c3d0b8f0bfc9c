import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { createTournament, pair, register } from '../tournament-helpers';

interface TableGameJson {
  id: number;
  table: number;
  seats?: { player: { id: number; name: string; seed: number } }[];
}

/**
 * The organiser's rounds page of a division at tables of four: each table is one row, its
 * players in turn order under one heading, with each seat's score and place once the table
 * has its result; the two-player headings ("Igra prvi", "Igra drugi") are not there.
 */
describe(`the organiser's rounds page at tables of four (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  test('shows a table as its seats in order, not as a pair', async () => {
    const { divisionId } = await createTournament(t, {
      name: 'Quivit u četvoro',
      ruleSet: 'quivit',
      rounds: 2,
      pairingPlan: ['seeded', 'swiss'],
      tableSize: 4,
    });
    await register(t, divisionId, ['Ana', 'Bora', 'Ceca', 'Dule', 'Eva', 'Filip', 'Goca', 'Hana']);
    const r1 = (await pair(t, divisionId)) as unknown as { games: TableGameJson[] };
    // Seeded: a snake over two tables of four (docs/pairing.md).
    expect(r1.games.map((g) => g.seats!.map((s) => s.player.name))).toEqual([
      ['Ana', 'Dule', 'Eva', 'Hana'],
      ['Bora', 'Ceca', 'Filip', 'Goca'],
    ]);
    // Table 1's result: Ana 30, Dule 20, Eva 25, Hana 10 → places 1, 3, 2, 4.
    await t.http
      .put(`/api/games/${r1.games[0].id}/table-result`)
      .set(t.organiser)
      .send({ scores: [30, 20, 25, 10], cards: [5, 6, 7, 8] })
      .expect(200);

    const html = (
      await t.http
        .get(`/organiser/divisions/${divisionId}/rounds?lang=sr-Latn`)
        .set(t.organiser)
        .expect(200)
    ).text;
    const section = html.slice(html.indexOf('<section id="round-1">'));
    const head = section.slice(section.indexOf('<thead>'), section.indexOf('</thead>'));
    expect(head).not.toContain('Igra prvi');
    expect(head).not.toContain('Igra drugi');
    // One column of seats between the table and the actions: three headings in all.
    expect(head.match(/<th\b/g)).toHaveLength(3);
    expect(head).toContain('Igrači, redom kojim igraju');
    const rows = section
      .slice(section.indexOf('<tbody>'), section.indexOf('</tbody>'))
      .split('<tr>')
      .slice(1)
      .map((r) =>
        r
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    // Each row: the table, its seats in turn order with score and place once in, the actions.
    expect(rows).toEqual([
      '1 ● Ana · 30 (1. mesto) Dule · 20 (3. mesto) Eva · 25 (2. mesto) Hana · 10 (4. mesto) Ispravi · Unesi zapisnik',
      '2 ● Bora Ceca Filip Goca Upiši rezultat · Unesi zapisnik',
    ]);
    // Each seat is its own item of an ordered list, in the order of play.
    const list = section.slice(section.indexOf('<ol class="seats">'));
    expect(list.slice(0, list.indexOf('</ol>')).match(/<li>/g)).toHaveLength(4);

    // In English too, the one heading for the seats.
    const en = (
      await t.http
        .get(`/organiser/divisions/${divisionId}/rounds?lang=en`)
        .set(t.organiser)
        .expect(200)
    ).text;
    expect(en).toContain('<th>Players, in turn order</th>');
    expect(en).not.toContain('Moves first');
  });
});
