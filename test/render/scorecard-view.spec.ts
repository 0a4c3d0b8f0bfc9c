import type { Lang } from '../../src/i18n';
import {
  kindWords,
  lineSpreadText,
  recordText,
  wallCellText,
} from '../../src/render/scorecard-view';
import type { ScorecardKind, WallChartCell } from '../../src/standings';

const cell = (c: Partial<WallChartCell> & { kind: ScorecardKind }): WallChartCell => ({
  opponentSeed: null,
  first: null,
  score: null,
  opponentScore: null,
  wins: 0,
  losses: 0,
  runningSpread: 0,
  ...c,
});

describe('scorecard texts', () => {
  test.each([
    [2, 1, '2–1'],
    // a draw is half of each
    [2.5, 1.5, '2½–1½'],
    [0.5, 0.5, '½–½'],
    [0, 0, '0–0'],
  ])('record %d, %d → %s', (wins, losses, text) => {
    expect(recordText(wins, losses)).toBe(text);
  });

  test.each([
    // 600 − 250 = +350 as played, +150 counted
    [{ spread: 150, gameSpread: 350, capped: true }, '+150 (+350)'],
    [{ spread: -150, gameSpread: -320, capped: true }, '-150 (-320)'],
    [{ spread: 40, gameSpread: 40, capped: false }, '+40'],
    [{ spread: 0, gameSpread: null, capped: false }, '0'],
    // pending, absent: nothing counts
    [{ spread: null, gameSpread: null, capped: false }, ''],
  ])('line spread %j → %s', (line, text) => {
    expect(lineSpreadText(line)).toBe(text);
  });

  test.each<[Lang, ScorecardKind, string]>([
    ['sr-Latn', 'forfeit-win', 'pobeda (kontumacijom)'],
    ['sr-Latn', 'forfeit-loss', 'poraz (kontumacijom)'],
    ['sr-Latn', 'double-forfeit', 'obostrana kontumacija'],
    ['sr-Latn', 'absent', 'izostao'],
    ['sr-Latn', 'not-paired', 'odustao'],
    ['sr-Cyrl', 'absent', 'изостао'],
    ['en', 'forfeit-loss', 'loss (by forfeit)'],
    ['en', 'not-joined', 'not entered yet'],
    ['en', 'pending', 'playing'],
  ])('%s %s → %s', (lang, kind, text) => {
    expect(kindWords(lang, kind)).toBe(text);
  });

  test.each<[Lang, WallChartCell, { top: string; bottom: string }]>([
    [
      'sr-Latn',
      cell({ kind: 'win', opponentSeed: 12, first: true, wins: 3, losses: 1, runningSpread: 120 }),
      { top: '●P 12', bottom: '3–1 +120' },
    ],
    [
      'en',
      cell({ kind: 'double-forfeit', opponentSeed: 4, first: false, wins: 1, losses: 2 }),
      { top: 'Lff 4', bottom: '1–2 0' },
    ],
    ['sr-Latn', cell({ kind: 'bye', wins: 1, runningSpread: 50 }), { top: 'S', bottom: '1–0 +50' }],
    // a game without a result: the opponent, nothing counted yet
    ['sr-Latn', cell({ kind: 'pending', opponentSeed: 7, first: true }), { top: '●7', bottom: '' }],
    [
      'sr-Cyrl',
      cell({ kind: 'absent', wins: 2, losses: 1, runningSpread: -5 }),
      { top: 'изост.', bottom: '2–1 -5' },
    ],
    // before a late entry joined: an empty cell
    ['sr-Latn', cell({ kind: 'not-joined' }), { top: '', bottom: '' }],
  ])('%s wall chart cell %#', (lang, c, text) => {
    expect(wallCellText(lang, c)).toEqual(text);
  });
});
