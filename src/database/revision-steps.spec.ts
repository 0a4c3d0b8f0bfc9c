import { parseMoved, RevisionSteps } from './revision-steps';

/** Steps heard of in order, as Revisions feeds them: each revision after the one before. */
function heard(steps: RevisionSteps, division: number, moves: [number, number?][]): void {
  let was: number | undefined;
  for (const [revision, resultsOf] of moves) {
    steps.step(division, was, revision, resultsOf);
    was = revision;
  }
}

describe('which rounds the writes since a revision changed', () => {
  test('results of later rounds leave the earlier rounds as they were; anything else changes all', () => {
    const s = new RevisionSteps();
    // First heard of at 7 (read from the database): nothing before it is known.
    heard(s, 1, [[7], [8, 5], [9, 4]]);
    expect(s.resultsChangedSince(1, 9, 9)).toBe(Infinity);
    expect(s.resultsChangedSince(1, 8, 9)).toBe(4);
    expect(s.resultsChangedSince(1, 7, 9)).toBe(4); // min(5, 4): rounds 1 to 3 hold
    expect(s.resultsChangedSince(1, 6, 9)).toBe(0);
    s.step(1, 9, 10, 0); // a player renamed, a round paired: anything
    expect(s.resultsChangedSince(1, 9, 10)).toBe(0);
    expect(s.resultsChangedSince(2, 10, undefined)).toBe(0); // a division never heard of
  });

  test('a step not heard of (a revision that jumps, one read from the database) makes nothing before it known', () => {
    const s = new RevisionSteps();
    heard(s, 1, [[3], [4, 2]]);
    s.step(1, 4, 6, 2); // 5 was missed
    expect(s.resultsChangedSince(1, 4, 6)).toBe(0);
    s.step(1, 6, 7, 3);
    expect(s.resultsChangedSince(1, 6, 7)).toBe(3);
    s.step(1, 7, 8); // read from the database
    expect(s.resultsChangedSince(1, 7, 8)).toBe(0);
    s.forget();
    expect(s.resultsChangedSince(1, 8, 9)).toBe(0);
  });

  test('old steps are forgotten: what was made before them is made again', () => {
    const s = new RevisionSteps();
    heard(
      s,
      1,
      Array.from({ length: 301 }, (_, i): [number, number?] => (i === 0 ? [1] : [1 + i, 9])),
    );
    expect(s.resultsChangedSince(1, 100, 301)).toBe(9);
    expect(s.resultsChangedSince(1, 10, 301)).toBe(0);
  });

  test("notifications carry the round a result changed; an older server's carry none", () => {
    expect(parseMoved('3:12:4,5:7,x:1,6:2:0')).toEqual([
      { division: 3, revision: 12, resultsOf: 4 },
      { division: 5, revision: 7 },
    ]);
  });
});
