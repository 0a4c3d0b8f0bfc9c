/**
 * Quivit (quivit.md), golden sheets in test/fixtures/quivit/. A card is four
 * colour squares, one of each colour, clockwise from the top left, and a value:
 * `RGBY2` is red top left, green top right, blue bottom right, yellow bottom left.
 * A quarter turn clockwise moves each square one corner on: RGBY becomes YRGB.
 *
 * In a grid of RGBY cards no two touching squares match (a card's right side is
 * G over B, its right neighbour's left side R over Y; its bottom Y B, the card
 * below's top R G), so every link below comes from the card turned.
 */
import fc from 'fast-check';
import { readFileSync } from 'fs';
import { join } from 'path';
import {
  linkedCards,
  parseGrid,
  QUIVIT,
  readScoresheet,
  verifyDocument,
  VerificationReport,
} from '../../src/engine';

type Doc = { turns: Record<string, unknown>[]; [key: string]: unknown };
const load = (file: string) =>
  JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'quivit', file), 'utf8')) as Doc;

function verify(doc: unknown): VerificationReport {
  const result = verifyDocument(doc);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.report;
}

const codes = (issues: { code: string; severity: string }[]) =>
  issues.filter((i) => i.severity !== 'info').map((i) => i.code);

const UNIFORM = Array.from({ length: 5 }, () => 'RGBY1 RGBY1 RGBY1 RGBY1 RGBY1');
const withCards = (changes: Record<string, string>) => {
  const rows = UNIFORM.map((row) => row.split(' '));
  for (const [square, card] of Object.entries(changes)) {
    rows[Number(square.slice(1)) - 1][square.charCodeAt(0) - 65] = card;
  }
  return rows.map((row) => row.join(' '));
};

describe('quivit: the rule set as data', () => {
  test('the draw deck is the 160-card box less the 12 special cards', () => {
    const deck = QUIVIT.cards!.deck;
    expect(deck.reduce((n, d) => n + d.count, 0)).toBe(148); // 64 + 46 + 26 + 12
    expect(148 + 6 + 6).toBe(160); // + 6 Double Rotate + 6 Color Block
    expect(QUIVIT.turnsPerPlayer).toBe(5); // five rounds
    expect(QUIVIT.tieBreaks).toEqual(['cards']);
  });

  test('its options, and only its options', () => {
    const doc = (rules: string, options: unknown) => ({
      format: 'scoresheet/1',
      rules,
      options,
      players: ['A', 'B'],
      turns: [],
    });
    expect(
      readScoresheet(
        doc('quivit', {
          doubleRotate: true,
          colourBlock: true,
          randomColour: true,
          drainDeck: true,
          decks: 2,
        }),
      ).ok,
    ).toBe(true);
    expect(readScoresheet(doc('kvizovka', { drainDeck: true })).ok).toBe(false);
    const clock = readScoresheet(doc('quivit', { clockMinutes: 30 }));
    expect(clock.ok).toBe(false);
    if (!clock.ok) expect(clock.errors[0].message).toContain('does not apply to Quivit');
  });

  test('a turn records points, cards or a grid; tile fields are refused', () => {
    const doc = (turn: Record<string, unknown>) => ({
      format: 'scoresheet/1',
      rules: 'quivit',
      players: ['A', 'B'],
      turns: [turn],
    });
    const first = (turn: Record<string, unknown>) => {
      const read = readScoresheet(doc(turn));
      return read.ok ? 'ok' : read.errors[0].message;
    };
    expect(first({ player: 0, score: 3, cards: 2 })).toBe('ok');
    expect(first({ player: 0 })).toContain('must record its points');
    expect(first({ player: 0, play: '8H CAT' })).toBe("turn 1 has an unknown field 'play'");
    expect(first({ player: 0, taken: [4] })).toContain('taken must list the values');
    expect(first({ player: 0, grid: UNIFORM })).toContain('needs the card rotated');
    expect(first({ player: 0, score: 1, colour: 'R' })).toContain('Random Color');
  });
});

describe('quivit: totals and the most-cards tie-break (01-totals-most-cards)', () => {
  const r = verify(load('01-totals-most-cards.sheet.json'));

  test('the first player moves on each round', () => {
    // Round r starts with player (r − 1) mod 2: Ana, Ben | Ben, Ana | Ana, Ben | Ben, Ana | Ana, Ben.
    expect(r.turns.map((t) => [t.round, t.player])).toEqual([
      [1, 0],
      [1, 1],
      [2, 1],
      [2, 0],
      [3, 0],
      [3, 1],
      [4, 1],
      [4, 0],
      [5, 0],
      [5, 1],
    ]);
    expect(r.turns.every((t) => t.issues.length === 0)).toBe(true);
  });

  test('points and cards per turn, from the values taken or the counts written', () => {
    expect(r.turns.map((t) => [t.score.computed, t.cards!.computed])).toEqual([
      [4, 3], // 2 + 1 + 1
      [5, 2], // 3 + 2
      [1, 3], // as written
      [7, 3], // 3 + 3 + 1
      [1, 2], // 2 − 1
      [6, 4], // as written
      [4, 2], // 3 + 1
      [2, 2], // as written
      [6, 3], // 2 + 2 + 2
      [4, 3], // 2 + 1 + 1
    ]);
  });

  test('equal points, and the player with more cards wins; cards are in the report for standings', () => {
    expect(r.players.map((p) => [p.final, p.cards])).toEqual([
      [20, 13], // Ana: 4 + 7 + 1 + 2 + 6 = 20 points; 3 + 3 + 2 + 2 + 3 = 13 cards
      [20, 14], // Ben: 5 + 1 + 6 + 4 + 4 = 20 points; 2 + 3 + 4 + 2 + 3 = 14 cards
    ]);
    expect(r.result).toEqual({ winner: 1, reason: 'tie-break', tieBreak: 'cards' });
    expect(r.ok).toBe(true);
  });

  test('a wrong addition and a count that disagrees with the values listed', () => {
    const doc = load('01-totals-most-cards.sheet.json');
    doc.turns[3].total = 12; // 4 + 7 = 11
    doc.turns[4].cards = 3; // taken [2, -1] is two cards
    const bad = verify(doc);
    expect(codes(bad.turns[3].issues)).toEqual(['TOTAL_MISMATCH']);
    expect(codes(bad.turns[4].issues)).toEqual(['CARDS_MISMATCH']);
    expect(bad.turns[4].issues[0].message).toBe(
      'Turn 5 (Ana Ruiz): the sheet says 3 cards but lists 2 (2, -1)',
    );
  });

  test('out of turn, too many turns, and a game short of its rounds', () => {
    const doc = load('01-totals-most-cards.sheet.json');
    doc.turns.push({ player: 1, score: 1, cards: 2 }); // a sixth round
    const long = verify(doc);
    // Not counted, so the 1 written is a score mismatch too (as for any illegal turn).
    expect(codes(long.turns[10].issues)).toEqual(['TOO_MANY_TURNS', 'SCORE_MISMATCH']);
    expect(long.turns[10].status).toBe('illegal');
    expect(long.players[0].final).toBe(20); // not counted

    const short = load('01-totals-most-cards.sheet.json');
    short.turns = short.turns.slice(0, 2).concat([{ player: 0, score: 1, cards: 2 }]);
    short.claimed = undefined;
    const s = verify(short);
    expect(codes(s.turns[2].issues)).toEqual(['OUT_OF_TURN']); // round 2 starts with Ben
    expect(s.issues.map((i) => i.code)).toEqual(['GAME_INCOMPLETE']);
  });
});

describe('quivit: links checked from the recorded grid (02-grid-links)', () => {
  const r = verify(load('02-grid-links.sheet.json'));

  test('turn 1: C3 turned clockwise links its four neighbours, and the red link runs on to D2', () => {
    // C3 RGBY turned: YRGB (top left Y, top right R, bottom right G, bottom left B).
    //   yellow: C3's top left touches C2's bottom left (Y)             → C2
    //   red:    C3's top right touches D3's top left (R), which touches D2's bottom left (R: D2 is GBYR) → D3, D2
    //   blue:   C3's bottom left touches B3's bottom right (B)         → B3
    //   green:  C3's bottom right touches C4's top right (G)           → C4
    expect(r.turns[0].taken).toEqual(['C2 -1', 'D2 3', 'B3 3', 'C3 2', 'D3 1', 'C4 2']);
    expect(r.turns[0].score.computed).toBe(10); // −1 + 3 + 3 + 2 + 1 + 2 = 10
    expect(r.turns[0].cards!.computed).toBe(6);
  });

  test('turn 2: a Double Rotate half turn of B2 links nothing; the card stays turned for turn 3', () => {
    // B2 RGBY turned 180°: BYRG. Left A2 shows G/B against B/G, right C2 R/Y against Y/R,
    // above B1 Y B against B Y, below B3 R G against G R: no square matches.
    expect(r.turns[1].taken).toEqual([]);
    expect(r.turns[1].score.computed).toBe(0);
    expect(r.turns[2].issues).toEqual([]); // turn 3's grid shows B2 as BYRG: no GRID_CHANGED
  });

  test('turn 3: a Color Block card on C3 keeps it out of the link', () => {
    // B3 RGBY2 turned counter-clockwise: GBYR.
    //   green: B3's top left touches A3's top right (G) and B2's bottom left (G: BYRG) → A3, B2
    //   red:   B3's bottom left touches B4's top left (R)                               → B4
    //   yellow: B3's bottom right would touch C3's bottom left (Y), but C3 is blocked.
    expect(r.turns[2].taken).toEqual(['B2 1', 'A3 1', 'B3 2', 'B4 -1']);
    expect(r.turns[2].score.computed).toBe(3); // 1 + 1 + 2 − 1
    const unblocked = load('02-grid-links.sheet.json');
    delete unblocked.turns[2].blocks;
    (unblocked.turns[2].grid as string[])[2] = 'RGBY1 RGBY2 RGBY1 RGBY2 RGBY2';
    const open = verify(unblocked);
    expect(open.turns[2].taken).toEqual(['B2 1', 'A3 1', 'B3 2', 'C3 1', 'B4 -1']); // + C3 1 = 4 points
    // The sheet's 3 points and its four values are now short; its total of 3 (3 + 0 as
    // written) and Ben's three later totals only carry the point short: one finding of the score.
    expect(codes(open.turns[2].issues)).toEqual(['CARDS_MISMATCH', 'SCORE_MISMATCH']);
    expect(open.turns[2].issues[1].carried).toBe(4); // the totals of turns 3, 6, 7 and 10
    expect(open.turns.map((t) => t.total.claimed! - t.total.computed)).toEqual([
      0, 0, -1, 0, 0, -1, -1, 0, 0, -1,
    ]);
  });

  test('finals: the unused Double Rotate card draws a card for Ana', () => {
    expect(r.players.map((p) => [p.moves, p.drawnCard, p.final, p.cards])).toEqual([
      [24, 2, 26, 16], // 10 + 5 + 4 + 2 + 3 = 24, + the 2 drawn = 26; 6 + 3 + 2 + 3 + 2 = 16 cards
      [19, 0, 19, 13], // 0 + 3 + 6 + 2 + 8 = 19; 0 + 4 + 4 + 2 + 3 = 13 cards; Ben used his card
    ]);
    expect(r.result).toEqual({ winner: 0, reason: 'score' });
    expect(r.ok).toBe(true);
  });

  test('misuse of the special cards', () => {
    const doc = load('02-grid-links.sheet.json');
    doc.turns[2].rotate = 'C3 cw'; // the blocked card
    const blocked = verify(doc);
    // The turn is not counted: its written 3 points are a mismatch too, which the total carries.
    expect(codes(blocked.turns[2].issues)).toEqual(['ROTATION_NOT_ALLOWED', 'SCORE_MISMATCH']);
    expect(blocked.turns[2].issues[0].message).toContain('C3 is covered by a Color Block card');

    const again = load('02-grid-links.sheet.json');
    again.turns[2].rotate = 'B3 180'; // Ben's Double Rotate card went on turn 2
    expect(codes(verify(again).turns[2].issues)[0]).toBe('CARD_ALREADY_USED');

    const drawn = load('02-grid-links.sheet.json');
    drawn.end = { reason: 'turns', drawn: [2, 3] };
    const d = verify(drawn);
    expect(d.issues.map((i) => i.code)).toEqual(['CARD_ALREADY_USED']);
    expect(d.players[1].final).toBe(19); // Ben's draw is not counted: the sheet's 19 stands

    const noOption = load('02-grid-links.sheet.json');
    noOption.options = { colourBlock: true };
    noOption.end = { reason: 'turns' };
    const n = verify(noOption);
    expect(codes(n.turns[1].issues)).toEqual(['ROTATION_NOT_ALLOWED']); // no Double Rotate cards in play (its 0 stands)
  });

  test('a grid that does not follow from the last one, and one that cannot be read', () => {
    const doc = load('02-grid-links.sheet.json');
    (doc.turns[1].grid as string[])[0] = 'RGBY1 RGBY1 RGBY3 RGBY1 RGBY1'; // C1 was RGBY2 and was not taken
    const changed = verify(doc);
    expect(codes(changed.turns[1].issues)).toEqual(['GRID_CHANGED']);
    expect(changed.turns[1].issues[0].message).toContain('C1 was RGBY2, now RGBY3');

    const bad = load('02-grid-links.sheet.json');
    (bad.turns[0].grid as string[])[1] = 'RGBY1 RGBY1 RRBY-1 GBYR3 RGBY1';
    const b = verify(bad);
    expect(codes(b.turns[0].issues)).toEqual(['BAD_GRID', 'SCORE_MISMATCH']); // the total carries the score
    expect(b.turns[0].issues[0].message).toContain(
      "grid card C2 'RRBY-1' must show each colour once",
    );
    expect(b.turns[0].status).toBe('illegal');
  });
});

describe('quivit: linking', () => {
  const grid = (rows: string[]) => {
    const read = parseGrid(rows, QUIVIT.cards!);
    if (!read.ok) throw new Error(read.message);
    return read.grid;
  };

  test('a uniform grid has no links; a card turned a quarter links its four neighbours', () => {
    expect(linkedCards(grid(UNIFORM), 5, 12, null)).toEqual([]);
    // C3 (place 12) as YRGB: the four neighbours B3 C2 D3 C4 (places 11 7 13 17).
    expect(linkedCards(grid(withCards({ C3: 'YRGB1' })), 5, 12, null)).toEqual([7, 11, 12, 13, 17]);
  });

  test('Random Color: only the colour rolled links', () => {
    const g = grid(withCards({ C3: 'YRGB1' }));
    expect(linkedCards(g, 5, 12, QUIVIT.cards!.colours.indexOf('Y'))).toEqual([7, 12]); // C2 by yellow
    expect(linkedCards(g, 5, 12, QUIVIT.cards!.colours.indexOf('R'))).toEqual([12, 13]); // D3 by red
  });

  test('a link runs on through a chain of cards of the same colour', () => {
    // C3 as YRGB touches D3's red top left; that square also touches D2's bottom left, red when
    // D2 is GBYR: D2 (place 8) is taken though it does not touch C3.
    const g = grid(withCards({ C3: 'YRGB1', D2: 'GBYR1' }));
    expect(linkedCards(g, 5, 12, QUIVIT.cards!.colours.indexOf('R'))).toEqual([8, 12, 13]);
  });

  test('a free link claimed with a Double Rotate card takes what the card already links', () => {
    const doc = {
      format: 'scoresheet/1',
      rules: 'quivit',
      options: { doubleRotate: true },
      players: ['Ana', 'Ben'],
      turns: [
        { player: 0, grid: withCards({ C3: 'YRGB2' }), rotate: 'C3 free', score: 6, cards: 5 },
      ],
      end: { reason: 'agreed' },
    };
    const r = verify(doc);
    expect(r.turns[0].taken).toEqual(['C2 1', 'B3 1', 'C3 2', 'D3 1', 'C4 1']); // 1 + 1 + 2 + 1 + 1 = 6
    expect(r.turns[0].issues).toEqual([]);
  });
});

describe('quivit: Drain the Deck', () => {
  const doc = (turns: Record<string, unknown>[]) => ({
    format: 'scoresheet/1',
    rules: 'quivit',
    options: { drainDeck: true },
    players: ['Ana', 'Ben'],
    turns,
  });
  // Rounds 1–5: ten turns of 10 cards worth 10: the deck goes from 148 − 25 = 123 to 123 − 100 = 23.
  const fiveRounds = [0, 1, 1, 0, 0, 1, 1, 0, 0, 1].map((player) => ({
    player,
    score: 10,
    cards: 10,
  }));

  test('more than 15 cards left: another round; 15 or fewer: the game ends', () => {
    // Round 6 (Ben first): 5 + 5 cards, 23 − 10 = 13 left, so round 7 is not played.
    const r = verify(
      doc([
        ...fiveRounds,
        { player: 1, score: 5, cards: 5 },
        { player: 0, score: 5, cards: 5 },
        { player: 0, score: 5, cards: 5 },
      ]),
    );
    expect(r.turns[10].status).toBe('ok');
    expect(r.turns[11].status).toBe('ok');
    expect(codes(r.turns[12].issues)).toEqual(['TOO_MANY_TURNS', 'SCORE_MISMATCH']);
    expect(r.turns[12].issues[0].message).toContain(
      'the deck held 13 cards before round 7 (15 or fewer end the game)',
    );
    expect(r.players.map((p) => p.final)).toEqual([55, 55]); // 5 × 10 + 5
  });

  test('a last round that does not finish is not scored', () => {
    const r = verify(doc([...fiveRounds, { player: 1, score: 5, cards: 5 }]));
    expect(r.turns[10].status).toBe('unscored');
    expect(r.turns[10].score.computed).toBe(0);
    expect(r.turns[10].issues.map((i) => i.code)).toEqual(['ROUND_NOT_SCORED']); // the 5 written is not a mismatch
    expect(r.players.map((p) => [p.final, p.cards])).toEqual([
      [50, 50],
      [50, 50],
    ]);
    expect(r.result).toEqual({ winner: null, reason: 'draw' });
  });

  test('stopping after round 6 with 23 cards left is short of the game', () => {
    const lines = [
      ...fiveRounds,
      { player: 1, score: 1, cards: 2 },
      { player: 0, score: 1, cards: 2 },
    ];
    // 23 − 4 = 19 > 15: round 7 is due. Said to have ended on the deck, the sheet is short of
    // it; saying nothing of its end, it stops before the end (7 turns a player due).
    const said = verify({ ...doc(lines), end: { reason: 'deck' } });
    expect(said.issues.map((i) => i.code)).toEqual(['GAME_INCOMPLETE']);
    const silent = verify(doc(lines));
    expect(silent.issues.map((i) => [i.code, i.computed])).toEqual([['END_NOT_RECORDED', 7]]);
    expect(silent.ok).toBe(false);
  });
});

describe('quivit: linking invariants over random grids', () => {
  const card = fc
    .tuple(
      fc.constantFrom('RGBY', 'RGYB', 'RBGY', 'RBYG', 'RYGB', 'RYBG'),
      fc.integer({ min: 0, max: 3 }),
      fc.constantFrom(1, 2, 3, -1),
    )
    .map(([colours, turn, value]) => colours.slice(turn) + colours.slice(0, turn) + value);
  const grids = fc
    .array(card, { minLength: 25, maxLength: 25 })
    .map((cards) => Array.from({ length: 5 }, (_, r) => cards.slice(r * 5, r * 5 + 5).join(' ')));

  test('a rotation takes nothing or the card turned with its links; the colours add up', () => {
    fc.assert(
      fc.property(grids, fc.integer({ min: 0, max: 24 }), (rows, place) => {
        const read = parseGrid(rows, QUIVIT.cards!);
        if (!read.ok) throw new Error(read.message);
        const all = linkedCards(read.grid, 5, place, null);
        expect(all.length === 0 || (all.includes(place) && all.length >= 2)).toBe(true);
        const byColour = new Set([0, 1, 2, 3].flatMap((c) => linkedCards(read.grid, 5, place, c)));
        expect([...byColour].sort((a, b) => a - b)).toEqual(all);
      }),
      { numRuns: 200 },
    );
  });
});
