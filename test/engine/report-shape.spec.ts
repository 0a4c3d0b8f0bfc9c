/**
 * A crossword report writes out its turns' words and draws its board when first read, not on
 * every verification. Read any way (a spread, JSON, a key at a time, a finding that needs the
 * words during the replay), it must be the plain report the golden files hold.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { reportSummary } from '../../src/cli/verify-command';
import { verifyDocument } from '../../src/engine/replay/verify';
import type { VerificationReport } from '../../src/engine/report/report';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'kvizovka');

function sheet(name: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.sheet.json`), 'utf8')) as Record<
    string,
    unknown
  >;
}

function verify(doc: unknown): VerificationReport {
  const result = verifyDocument(doc, { words: null });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.report;
}

const golden = (name: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.report.json`), 'utf8'));

describe('a crossword report read any way', () => {
  const names = fs
    .readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.sheet.json'))
    .map((f) => f.slice(0, -'.sheet.json'.length));

  it.each(names)('%s: a spread, a key at a time and JSON all give the golden report', (name) => {
    const expected = golden(name);
    expect(JSON.parse(JSON.stringify({ ...verify(sheet(name)) }))).toEqual(expected);
    const byKey = verify(sheet(name));
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(byKey)) copy[key] = byKey[key as keyof VerificationReport];
    expect(JSON.parse(JSON.stringify(copy))).toEqual(expected);
    expect(JSON.parse(JSON.stringify(verify(sheet(name))))).toEqual(expected);
  });

  it('keeps turns and board as own enumerable keys, in their places', () => {
    const report = verify(sheet('08-long-words-bonuses'));
    expect(Object.keys(report)).toEqual([
      'ok',
      'rules',
      'turns',
      'players',
      'result',
      'issues',
      'board',
    ]);
    for (const key of ['turns', 'board'])
      expect(Object.getOwnPropertyDescriptor(report, key)?.enumerable).toBe(true);
  });

  it('gives the words of a play with a long-word bonus, and takes turns assigned', () => {
    const report = verify(sheet('08-long-words-bonuses'));
    const withBonus = report.turns.find((t) => t.bonuses.some((b) => b.kind === 'long-word'))!;
    const bonus = withBonus.bonuses.find((b) => b.kind === 'long-word')!;
    expect(withBonus.words.map((w) => w.word)).toContain(bonus.word);
    expect(withBonus.placed.length).toBeGreaterThan(0);
    report.turns = report.turns.slice(0, 1);
    expect(report.turns).toHaveLength(1);
    expect(JSON.parse(JSON.stringify(report)).turns).toHaveLength(1);
  });

  it('writes the words into a wrong score’s finding, and once into the turn', () => {
    const right = verify(sheet('01-opening-exchange-pass'));
    const doc = sheet('01-opening-exchange-pass');
    const turns = doc.turns as Record<string, unknown>[];
    // KR.ŠKA (KRUŠKA through the U of KUĆA) scores 15; the sheet says 16 (and carries it into its total).
    turns[1] = { ...turns[1], score: 16, total: 16 };
    const wrong = verify(doc);
    const finding = wrong.turns[1].issues.find((i) => i.code === 'SCORE_MISMATCH')!;
    expect(finding.message).toContain('(KRUŠKA 15)');
    expect(finding.word).toBe('KRUŠKA');
    expect(wrong.turns[1].words).toEqual(right.turns[1].words);
    expect(wrong.turns[1].placed).toEqual(right.turns[1].placed);
  });

  it("a round's one-line summary of a sheet that agrees reads none of its turns", () => {
    const report = verify(sheet('01-opening-exchange-pass'));
    Object.defineProperty(report, 'turns', {
      get() {
        throw new Error('the turns were read');
      },
    });
    expect(reportSummary(report)).toMatch(/^✓ agrees with the rules — Ana Petrović 8 : Marko/);
  });
});
