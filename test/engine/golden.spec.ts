import { existsSync, readdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import { renderReportText } from '../../src/cli/report-text';
import { compileRules, findRuleSet, verifyDocument } from '../../src/engine';

/**
 * Golden files: every `*.sheet.json` under test/fixtures/<rules>/ is verified
 * and its report compared with `*.report.json` and `*.report.txt` beside it.
 * `npm run test:golden:update` rewrites them; review the diff before committing.
 */
const root = join(__dirname, '..', 'fixtures');
const update = process.env.UPDATE_GOLDEN === '1';
const sheets = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(root, d.name))
      .filter((f) => f.endsWith('.sheet.json'))
      .map((f) => join(d.name, f)),
  )
  .sort();

test('there are golden sheets', () => {
  expect(sheets.length).toBeGreaterThanOrEqual(12);
});

describe.each(sheets)('%s', (file) => {
  const path = join(root, file);
  const doc: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const result = verifyDocument(doc);

  test('is readable', () => {
    expect(result.ok ? [] : result.errors).toEqual([]);
  });
  if (!result.ok) return;
  const { report, sheet } = result;
  const text = renderReportText(report, {
    layout: compileRules(findRuleSet(sheet.rules)!, sheet.options).layout,
  });
  const goldenJson = path.replace(/\.sheet\.json$/, '.report.json');
  const goldenText = path.replace(/\.sheet\.json$/, '.report.txt');
  if (update) {
    writeFileSync(goldenJson, JSON.stringify(report, null, 2) + '\n');
    writeFileSync(goldenText, text);
  }

  test('report matches the golden JSON', () => {
    if (!existsSync(goldenJson))
      throw new Error(`${goldenJson} is missing: run npm run test:golden:update and review it`);
    expect(report).toEqual(JSON.parse(readFileSync(goldenJson, 'utf8')));
  });

  test('JSON text is byte for byte the golden file (key order included, as `verify --json` prints it)', () => {
    if (!existsSync(goldenJson)) return;
    expect(JSON.stringify(report, null, 2) + '\n').toBe(readFileSync(goldenJson, 'utf8'));
  });

  test('text report matches the golden text', () => {
    if (!existsSync(goldenText))
      throw new Error(`${goldenText} is missing: run npm run test:golden:update and review it`);
    expect(text).toBe(readFileSync(goldenText, 'utf8'));
  });
});
