import { readFileSync } from 'fs';
import { join } from 'path';
import { readGameSheet, verifyDocument, verifyGameSheet } from '../../src/engine';

/**
 * One bad field at the end of the game never hides the sheet: a clock typed into the tiles left
 * ("1634" for 16:34) made the whole sheet unreadable, and the wrong score of turn 5 vanished
 * with the rest. The entry is a finding of the game, with its field, text, character and place,
 * and every turn is still checked.
 */
function carriedTotalSheet(end: Record<string, unknown>) {
  const sheet = JSON.parse(
    readFileSync(join(__dirname, '../fixtures/kvizovka/24-carried-total.sheet.json'), 'utf8'),
  );
  sheet.end = { ...sheet.end, ...end };
  return sheet;
}

describe('a clock typed into the end racks of a Kvizovka sheet with a wrong turn-5 score', () => {
  test('the turn-5 flag stays, and the end racks are flagged', () => {
    const read = verifyDocument(carriedTotalSheet({ racks: ['1634', ''] }));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const { report } = read;
    expect(report.ok).toBe(false);
    expect(report.turns[4].issues.map((i) => i.code)).toContain('SCORE_MISMATCH');
    const unreadable = report.issues.filter((i) => i.code === 'END_FIELD_UNREADABLE');
    expect(unreadable).toEqual([
      {
        code: 'END_FIELD_UNREADABLE',
        severity: 'error',
        message:
          "end.racks[0]: '1634' has '1' at character 1, which is not a letter of this game; the racks are not used",
        player: 0,
        field: 'racks',
        written: '1634',
        character: '1',
        position: 1,
      },
    ]);
  });

  test('the same turns and finals as the sheet without racks', () => {
    const withSlip = verifyDocument(carriedTotalSheet({ racks: ['1634', ''] }));
    const without = verifyDocument(carriedTotalSheet({}));
    if (!withSlip.ok || !without.ok) throw new Error('unreadable');
    expect(withSlip.report.turns).toEqual(without.report.turns);
    expect(withSlip.report.players).toEqual(without.report.players);
  });

  test.each([
    // [field, entries, the player, what is said, character, place]
    [
      'racks',
      ['AB', 'KUĆAKUĆAKUĆ'],
      1,
      "'KUĆAKUĆAKUĆ' holds 11 tiles; a rack holds at most 10",
      undefined,
      undefined,
    ],
    [
      'racks',
      ['A B', ''],
      0,
      "'A B' has a space at character 2, which is not a letter of this game",
      ' ',
      2,
    ],
    [
      'clocks',
      ['1634', '14:35'],
      0,
      'a clock reading must be mm:ss (e.g. "28:40"), not "1634"',
      undefined,
      undefined,
    ],
  ])('end.%s %p', (field, entries, player, why, character, position) => {
    const read = verifyDocument(carriedTotalSheet({ [field]: entries }));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const [finding] = read.report.issues.filter((i) => i.code === 'END_FIELD_UNREADABLE');
    expect(finding).toMatchObject({ field, player, written: entries[player] });
    expect([finding.character, finding.position]).toEqual([character, position]);
    expect(finding.message).toBe(`end.${field}[${player}]: ${why}; the ${field} are not used`);
    expect(read.report.turns[4].issues.map((i) => i.code)).toContain('SCORE_MISMATCH');
  });

  test('a rack that is not text is still a structural error', () => {
    const read = verifyDocument(carriedTotalSheet({ racks: [1634, ''] }));
    expect(read.ok).toBe(false);
  });

  test('the API’s one decision (verifyGameSheet) reports it as the form’s does, not the sheet without it', () => {
    const sheet = carriedTotalSheet({ racks: ['1634', ''] });
    const terms = { rules: 'kvizovka', players: sheet.players as string[] };
    const api = verifyGameSheet(sheet, terms);
    const form = verifyDocument(sheet);
    if (!api.ok || !form.ok) throw new Error('unreadable');
    expect(api.report).toEqual(form.report);
    expect(api.report.issues.map((i) => i.code)).toContain('END_FIELD_UNREADABLE');
    // The document as written keeps the entry, for an import to show it on its cell.
    const read = readGameSheet(sheet, terms);
    if (!read.ok) throw new Error('unreadable');
    expect((read.doc as { end: { racks: string[] } }).end.racks).toEqual(['1634', '']);
    expect(read.sheet.end?.racks).toBeUndefined();
  });
});
