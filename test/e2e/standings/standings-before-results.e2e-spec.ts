import { mainText } from '../../browser/site';
import { DATABASE_KIND, startTestApp, TestApp } from '../harness';
import { createTournament, enterResult, pair, register, RoundJson } from '../tournament-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60000);
afterAll(() => t.close());

/** The remaining-time cells of the standings table (the wide column), row by row, with names. */
function remainingCells(html: string): { name: string; remaining: string }[] {
  const body = /<table class="data standings">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1];
  if (!body) throw new Error('no standings table');
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row]) => {
    const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => mainText(c[1]));
    // rank, name (with the narrow line), club, points, W-D-L, spread, remaining
    return { name: cells[1], remaining: cells[6] };
  });
}

/**
 * Standings before any result (issue 36): no time of 00:00 that nobody played, a dash until
 * the player has a result; the players with one show their time.
 */
describe(`standings before results (${DATABASE_KIND})`, () => {
  let divisionId: number;
  let round: RoundJson;
  beforeAll(async () => {
    ({ divisionId } = await createTournament(t, {
      name: 'Kup bez rezultata',
      ruleSet: 'kvizovka',
      rounds: 3,
    }));
    await register(t, divisionId, ['Ana Petrović', 'Bora Jovanović', 'Ceca Ilić', 'Dule Savić']);
  });

  const page = async (lang = 'sr-Latn') =>
    (await t.http.get(`/divisions/${divisionId}/standings?lang=${lang}`).expect(200)).text;

  it('before round 1 and after its pairing, every remaining time is a dash', async () => {
    const before = await page();
    round = await pair(t, divisionId);
    for (const html of [before, await page('en')]) {
      const cells = remainingCells(html);
      expect(cells).toHaveLength(4);
      expect(cells.map((c) => c.remaining)).toEqual(['–', '–', '–', '–']);
      expect(html).not.toContain('00:00');
    }
  });

  it('a result gives its two players their time; the others keep the dash', async () => {
    const game = round.games[0];
    await enterResult(t, t.organiser, game, { scores: [420, 380], clocks: ['05:00', '04:10'] });
    const cells = remainingCells(await page());
    const of = (name: string) => cells.find((c) => c.name.startsWith(name))!.remaining;
    expect(of(game.first.name)).toBe('05:00');
    expect(of(game.second!.name)).toBe('04:10');
    const others = cells.filter(
      (c) => !c.name.startsWith(game.first.name) && !c.name.startsWith(game.second!.name),
    );
    expect(others.map((c) => c.remaining)).toEqual(['–', '–']);
  });
});
