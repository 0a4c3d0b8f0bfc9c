import { ratingOrder, seedMoves, Seedable } from './seeding';

const p = (id: number, name: string, rating: number | null, seed = id): Seedable => ({
  id,
  name,
  rating,
  seed,
});

describe('seeding by rating', () => {
  test.each([
    [
      'highest rating first',
      [p(1, 'Ana', 1500), p(2, 'Bora', 1700), p(3, 'Ceca', 1600)],
      ['Bora', 'Ceca', 'Ana'],
    ],
    [
      // Equal ratings by name, in the Serbian alphabet: C before Č before Ć, D before Dž before Đ.
      'equal ratings by name',
      [
        p(1, 'Ćira', 1600),
        p(2, 'Čeda', 1600),
        p(3, 'Ceca', 1600),
        p(4, 'Đura', 1600),
        p(5, 'Dušan', 1600),
      ],
      ['Ceca', 'Čeda', 'Ćira', 'Dušan', 'Đura'],
    ],
    [
      'unrated after every rated player, by name, whatever the order they registered in',
      [p(1, 'Žika', null), p(2, 'Ana', null), p(3, 'Mira', 0), p(4, 'Bojan', 1400)],
      ['Bojan', 'Mira', 'Ana', 'Žika'],
    ],
    ['case aside', [p(1, 'ana', 1500), p(2, 'Ana', 1500)], ['ana', 'Ana']],
  ])('%s', (_, players, names) => {
    expect(ratingOrder(players).map((x) => x.name)).toEqual(names);
  });

  test('the seeds that move, in the new order', () => {
    // Ana 1 → 3, Bora 2 → 1, Ceca 3 → 2; Dule keeps 4.
    const order = ratingOrder([
      p(1, 'Ana', 1500),
      p(2, 'Bora', 1700),
      p(3, 'Ceca', 1600),
      p(4, 'Dule', 1400),
    ]);
    expect(seedMoves(order)).toEqual([
      { playerId: 2, name: 'Bora', before: 2, after: 1 },
      { playerId: 3, name: 'Ceca', before: 3, after: 2 },
      { playerId: 1, name: 'Ana', before: 1, after: 3 },
    ]);
    expect(seedMoves(ratingOrder(order.map((x, i) => ({ ...x, seed: i + 1 }))))).toEqual([]);
  });
});
