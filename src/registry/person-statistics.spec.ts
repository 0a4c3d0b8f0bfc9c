import type { TurnReport, WordReport } from '../engine';
import { turn } from '../../test/prizes/reports';
import { longWordLength, personStatistics, VerifiedSheetGame } from './person-statistics';

const word = (w: string, main = true): WordReport => ({
  word: w,
  score: 10,
  known: true,
  position: '8H',
  main,
});

/** A verified game of the person at `seat`: the finals, the clocks left and the turns. */
function sheetGame(
  gameId: number,
  ruleSet: string,
  seat: number,
  finals: [number, number],
  remaining: [number, number],
  turns: TurnReport[],
): VerifiedSheetGame {
  const winner = finals[0] === finals[1] ? null : finals[0] > finals[1] ? 0 : 1;
  return {
    gameId,
    ruleSet,
    seat,
    report: {
      turns,
      players: finals.map((final, i) => ({ final, remainingSeconds: remaining[i] })),
      result: { winner },
    } as unknown as VerifiedSheetGame['report'],
  };
}

describe('longWordLength', () => {
  it.each([
    ['kvizovka', 10],
    ['scrabble-en', 7],
    ['scrabble-fr', 7],
    ['quivit', null],
    ['no-such-rules', null],
  ])('%s: %p', (ruleSet, n) => {
    expect(longWordLength(ruleSet)).toBe(n);
  });
});

describe('personStatistics', () => {
  it('gives no figures without a verified game', () => {
    expect(personStatistics([])).toEqual([]);
  });

  it("counts the person's own standing plays only, per family, as worked out by hand", () => {
    const stats = personStatistics([
      // Seat 0 wins 420–380 with 5:00 left: a bingo of 86 (ZADOVOLJNIH: 10 tiles, LJ one),
      // NJUŠKALICA (9 tiles, not long); the opponent's 95 is not theirs.
      sheetGame(
        11,
        'kvizovka',
        0,
        [420, 380],
        [300, 120],
        [
          turn(0, 86, {
            bonuses: [{ kind: 'all-tiles', points: 40 }],
            reading: '8D ZADOVOLJNIH',
            words: [word('ZADOVOLJNIH'), word('NJUŠKALICA', false)],
          }),
          turn(1, 95, { words: [word('KARAKTERISTIKA')] }),
          // Taken back after a challenge: neither its score nor its word counts.
          turn(0, 120, { status: 'withdrawn', words: [word('NEPOSTOJEĆIREČ')] }),
        ],
      ),
      // Seat 1 wins 390–410 with 1:40 left; a 60 at seat 1.
      sheetGame(
        12,
        'kvizovka',
        1,
        [390, 410],
        [50, 100],
        [turn(1, 60, { reading: 'H1 KUĆARICA', words: [word('KUĆARICA')] }), turn(0, 70)],
      ),
      // Seat 1 loses: its clock does not count; an illegal 200 is no play.
      sheetGame(13, 'kvizovka', 1, [500, 300], [10, 600], [turn(1, 200, { status: 'illegal' })]),
      // Scrabble: 7 letters is long there; its figures are a family of their own.
      sheetGame(
        14,
        'scrabble-en',
        0,
        [350, 350],
        [0, 0],
        [
          turn(0, 74, {
            reading: '8D RETAINS',
            bonuses: [{ kind: 'all-tiles', points: 50 }],
            words: [word('RETAINS'), word('AT', false)],
          }),
        ],
      ),
    ]);
    expect(stats).toEqual([
      {
        family: 'kvizovka',
        games: 3,
        averageScore: 376.7, // (420 + 410 at seat 1 + 300 at seat 1) / 3
        longWordLength: 10,
        longWords: 1,
        bingos: 1,
        highestPlay: { score: 86, play: '8D ZADOVOLJNIH', gameId: 11 },
        wins: 2,
        averageTimeLeftInWins: 200, // (300 + 100) / 2
      },
      {
        family: 'scrabble-en',
        games: 1,
        averageScore: 350,
        longWordLength: 7,
        longWords: 1,
        bingos: 1,
        highestPlay: { score: 74, play: '8D RETAINS', gameId: 14 },
        wins: 0,
        averageTimeLeftInWins: null,
      },
    ]);
  });

  it('averages to a tenth, and a negative clock in a win counts as none left', () => {
    const [s] = personStatistics([
      sheetGame(1, 'scrabble-en', 0, [301, 300], [-30, 0], []),
      sheetGame(2, 'scrabble-en', 0, [300, 200], [90, 0], []),
      sheetGame(3, 'scrabble-en', 0, [300, 400], [90, 0], []),
    ]);
    expect(s.averageScore).toBe(300.3);
    expect(s.averageTimeLeftInWins).toBe(45);
    expect(s.highestPlay).toBeNull();
  });

  it('has no long words in a card game', () => {
    const [s] = personStatistics([sheetGame(1, 'quivit', 0, [30, 20], [60, 0], [])]);
    expect(s).toMatchObject({ family: 'quivit', longWordLength: null, longWords: 0 });
  });
});
