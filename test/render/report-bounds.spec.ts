import type { VerificationReport } from '../../src/engine/report/report';
import { gameReportSection } from '../../src/render/game-section';
import { gameRecordPdf } from '../../src/render/pdf';
import { boundReport, REPORT_BOUNDS } from '../../src/render/report-bounds';
import { gameDoc, ILLEGAL } from './samples';

/** A stored report no sheet entered here can have: 200,000 turns, 5,000 findings, long names. */
function monstrous(): VerificationReport {
  const base = ILLEGAL();
  const turn = base.turns[base.turns.length - 1];
  const issue = [...base.issues, ...base.turns.flatMap((t) => t.issues)][0];
  return {
    ...base,
    turns: Array.from({ length: 200_000 }, (_, i) => ({ ...turn, index: i })),
    issues: Array.from({ length: 5000 }, () => issue),
    players: base.players.map((p) => ({ ...p, name: 'N'.repeat(100_000) })),
  };
}

describe('a stored report larger than any real game cannot blow up a page or a PDF', () => {
  test('the page shows the first 300 turns and says how many there were', () => {
    const section = gameReportSection(monstrous(), 'sr-Latn');
    expect(section.report.turns).toHaveLength(REPORT_BOUNDS.turns);
    expect(section.report.gameIssues.length).toBeLessThanOrEqual(REPORT_BOUNDS.issues);
    expect(section.report.omissions).toEqual([
      'Prikazano je prvih 300 poteza od 200000; ostali se ne prikazuju.',
      'Prikazano je prvih 500 nalaza od 5000; ostali se ne prikazuju.',
    ]);
    expect(section.report.accounts[0].name.length).toBeLessThanOrEqual(REPORT_BOUNDS.text + 1);
    expect((section.boardSvg ?? '').length).toBeLessThan(1_000_000);
  });

  test('the record PDF is made, with the note, in bounded size', async () => {
    const pdf = await gameRecordPdf({ ...gameDoc(), report: monstrous() }, 'en');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(5_000_000);
  }, 60000);

  test('a report within the bounds is drawn whole, the very same object', () => {
    const report = ILLEGAL();
    const bounded = boundReport(report);
    expect(bounded.report).toBe(report);
    expect(bounded.omitted).toEqual({ turns: null, issues: null });
    expect(gameReportSection(report, 'en').report.omissions).toEqual([]);
  });
});
