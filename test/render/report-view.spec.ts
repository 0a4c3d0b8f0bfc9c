import { readFileSync } from 'fs';
import { join } from 'path';
import type { VerificationReport } from '../../src/engine/report/report';
import { presentReport } from '../../src/render/report-view';
import { fixtureReport, ILLEGAL } from './samples';

describe('report presentation', () => {
  it('flags illegal turns and collects every square named by a finding', () => {
    const view = presentReport(ILLEGAL(), 'sr-Latn');
    expect(view.ok).toBe(false);
    expect(view.turns.filter((t) => t.flagged).map((t) => t.number)).toEqual([2, 3, 4, 5, 6, 8]);
    expect(view.highlight).toEqual(expect.arrayContaining(['C3', 'G3', 'F11', 'I9', 'J9']));
    expect(view.turns[1].issues[0]).toMatchObject({ code: 'NOT_CONNECTED', turn: 2, tone: 'bad' });
    expect(view.accounts[0]).toMatchObject({ name: 'Milica Đorđević', final: 20, winner: true });
  });

  it('marks a wrong score and total, and falls back on codes it has no words for', () => {
    const report = ILLEGAL();
    report.turns[0] = {
      ...report.turns[0],
      status: 'score-mismatch',
      score: { claimed: 9, computed: 8 },
      total: { claimed: 9, computed: 8 },
      issues: [{ code: 'SOMETHING_NEW' as never, severity: 'warning', message: 'new', turn: 0 }],
    };
    report.result = { winner: 0, reason: 'some-new-reason' as never };
    const view = presentReport(report, 'en');
    expect(view.turns[0]).toMatchObject({
      scoreMismatch: true,
      totalMismatch: true,
      flagged: true,
      tone: 'bad',
    });
    expect(view.turns[0].issues[0].label).toBe('SOMETHING_NEW');
    expect(view.resultText).toBe('Winner: Milica Đorđević, some-new-reason');
  });
});

describe('report presentation of a withdrawn play', () => {
  it('is not a mismatch: the written score was the play’s, the engine shows what it would have scored', () => {
    const report = fixtureReport('kvizovka/10-challenges-penalties.report.json');
    expect(report.ok).toBe(true);
    const view = presentReport(report, 'en');
    const withdrawn = view.turns.filter((t) => t.status === 'withdrawn');
    expect(withdrawn.length).toBeGreaterThan(0);
    for (const t of withdrawn) {
      expect(t).toMatchObject({ scoreMismatch: false, flagged: false, tone: 'warn' });
    }
    expect(view.turns.some((t) => t.flagged)).toBe(false);
  });
});

describe('report presentation of a card game', () => {
  const quivit = (name: string): VerificationReport =>
    JSON.parse(
      readFileSync(join(__dirname, '..', 'fixtures', 'quivit', `${name}.report.json`), 'utf8'),
    ) as VerificationReport;

  it('shows the cards each turn took, with the grid cards when a grid was recorded', () => {
    const withGrid = presentReport(quivit('02-grid-links'), 'en');
    // Turn 1 rotates C3 clockwise and the grid links six cards.
    expect(withGrid.turns[0].play).toBe('C3 cw');
    expect(withGrid.turns[0].wordsText).toBe('cards: 6 (C2 -1, D2 3, B3 3, C3 2, D3 1, C4 2)');
    const noGrid = presentReport(quivit('01-totals-most-cards'), 'sr-Latn');
    expect(noGrid.turns[0].wordsText).toMatch(/^karte: \d+$/);
  });

  it('heads the play and words columns Rotation and Cards', () => {
    expect(presentReport(quivit('02-grid-links'), 'en').headers).toEqual({
      play: 'Rotation',
      words: 'Cards',
    });
    expect(
      presentReport(fixtureReport('kvizovka/01-opening-exchange-pass.report.json'), 'en').headers,
    ).toEqual({
      play: 'Position',
      words: 'Words',
    });
  });

  it('shows a count the sheet has wrong as written ≠ computed', () => {
    const report = quivit('02-grid-links');
    report.turns[0].cards = { claimed: 5, computed: 6 };
    expect(presentReport(report, 'sr-Cyrl').turns[0].wordsText).toMatch(/^карте: 5≠6 \(C2 -1/);
  });
});
