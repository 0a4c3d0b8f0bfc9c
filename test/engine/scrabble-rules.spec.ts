import { readFileSync } from 'fs';
import { join } from 'path';
import { RuleSet, SCRABBLE_EN, SCRABBLE_FR, verifyDocument } from '../../src/engine';

const load = (file: string) => {
  const result = verifyDocument(
    JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', file), 'utf8')),
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.report;
};

describe('Scrabble rule sets', () => {
  test('French values, centre word x2; a rack written empty after an exchange is no going out', () => {
    const r = load('scrabble-fr/01-french-values-going-out.sheet.json');
    expect(r.turns.map((t) => t.score.computed)).toEqual([
      44, // K10 + I1 + W10 + I1 = 22, H8 centre x2 = 44
      5, // I1 (old) + J9 L1 + J10 E1 x3 (letter x3) = 5
      0, // exchange
    ]);
    // Amélie's last line is an exchange: she cannot have gone out with it, so she gains nothing
    // from Bruno's rack (the sheet's 55 credited the going-out bonus nobody earned) and each
    // player loses their own rack (hers written empty).
    expect(r.players.map((p) => [p.moves, p.rackPenalty, p.rackBonus, p.final])).toEqual([
      [44, 0, 0, 44], // 44 − 0 = 44
      [5, 11, 0, -6], // 5 − (Z10 + E1) = −6
    ]);
    expect(r.issues.map((i) => i.code)).toEqual(['OUT_NOT_SHOWN', 'FINAL_MISMATCH']);
    expect(r.result).toEqual({ winner: 0, reason: 'score' });
    expect(r.ok).toBe(false);
  });

  test('English values, six scoreless turns end the game, each player loses their own rack', () => {
    const r = load('scrabble-en/01-english-values-six-zeros.sheet.json');
    expect(r.turns[0].score.computed).toBe(22); // K5 + I1 + W4 + I1 = 11, x2 = 22
    expect(r.turns[1].score.computed).toBe(5); // I1 + L1 + E1 x3 = 5
    // QAT down from K9, withdrawn: (Q10 + A1 + T1 on K11 word x2) x2 = 24, cross-words LQ (L1 + Q10) = 11 and
    // EA (E1 + A1) = 2: it would have scored 37, which the sheet may write.
    expect(r.turns[7]).toMatchObject({
      status: 'withdrawn',
      withdrawnScore: 37,
      score: { claimed: 37, computed: 0 },
    });
    expect(r.players.map((p) => [p.rackPenalty, p.rackBonus, p.final])).toEqual([
      [10, 0, 12], // 22 − Q10 = 12
      [2, 0, 3], // 5 − (A1 + E1) = 3
    ]);
    expect(r.issues.map((i) => i.code)).toEqual([]); // six in a row: turns 3 to 8 (pass, pass, exchange, pass, pass, withdrawn)
    expect(r.turns[8].issues.map((i) => i.code)).toEqual(['PLAYED_AFTER_END']); // the ninth line comes after the end
  });

  test('the rule book tables hold 100 English and 102 French tiles', () => {
    const total = (rs: RuleSet) => rs.letters.reduce((n, l) => n + l.count, 0) + rs.jokers.count;
    expect(total(SCRABBLE_EN)).toBe(100); // 98 letters + 2 blanks
    expect(total(SCRABBLE_FR)).toBe(102); // 100 letters + 2 blanks, as the rule book says
  });
});
