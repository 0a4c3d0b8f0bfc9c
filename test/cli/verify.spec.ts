import { spawnSync } from 'child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

/** The built command, as `npm run cli` runs it (npm test builds first). */
const cli = join(__dirname, '..', '..', 'dist', 'src', 'cli', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'arbiter-cli-'));

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function sheetFile(name: string, content: string): string {
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
}

const goodSheet = {
  format: 'scoresheet/1',
  rules: 'kvizovka',
  players: ['Ana Petrović', 'Marko Jovanović'],
  turns: [
    { player: 0, play: '9F KUĆA', score: 8, total: 8, clock: '28:40' }, // K2 + U2 + Ć3 + A1 = 8
    { player: 1, play: 'H7 KR.J', score: 8, total: 8, clock: '27:02' }, // K2 + R1 + Ć3 + J2 = 8
  ],
  end: { reason: 'agreed', racks: ['AT', '?S'], clocks: ['03:24', '05:12'] },
  claimed: { final: [6, -3] }, // 8 − (A1 + T1) = 6; 8 − (joker 10 + S1) = −3
};

describe('npm run cli -- verify', () => {
  test('exit 0 and a text report when the sheet agrees with the rules', () => {
    const r = run('verify', sheetFile('good.json', JSON.stringify(goodSheet, null, 2)));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('OK: the sheet agrees with the rules');
    expect(r.stdout).toContain('Result: Ana Petrović wins on score');
    expect(r.stdout).toMatch(/ 9 {2}4 {2}· {2}X {2}· {2}■ {2}K {2}U {2}Ć {2}A {2}■/); // row 9 of the board
  });

  test('an exchange of 11 tiles is an illegal turn of the report (exit 1), not an unreadable file (exit 2)', () => {
    const sheet = {
      ...goodSheet,
      turns: [...goodSheet.turns, { player: 0, exchange: 11 }],
      claimed: undefined,
    };
    const r = run('verify', sheetFile('exchange-11.json', JSON.stringify(sheet)));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'Turn 3 (Ana Petrović): an exchange gives back 1 to 10 tiles, and this one 11; the exchange is not counted',
    );
  });

  test('exit 1 and the turn named when a score is wrong; --json prints the report', () => {
    const bad = {
      ...goodSheet,
      turns: [{ ...goodSheet.turns[0], score: 9, total: 9 }, goodSheet.turns[1]],
    };
    const file = sheetFile('bad.json', JSON.stringify(bad));
    const text = run('verify', file);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(
      'SCORE_MISMATCH: Turn 1 (Ana Petrović, 9F KUĆA): the sheet says 9, the rules give 8 (KUĆA 8)',
    );
    const json = run('verify', file, '--json');
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report.ok).toBe(false);
    expect(report.turns[0].status).toBe('score-mismatch');
  });

  test('exit 2 with the line of the bad field', () => {
    const text = JSON.stringify(goodSheet, null, 2).replace('"clock": "27:02"', '"clock": "27:2"');
    const line = text.split('\n').findIndex((l) => l.includes('27:2')) + 1;
    const r = run('verify', sheetFile('badclock.json', text));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      `badclock.json:${line}: turns[1].clock: a clock reading must be mm:ss`,
    );
  });

  test('exit 2 for broken JSON, with its line', () => {
    const r = run(
      'verify',
      sheetFile('broken.json', '{\n  "format": "scoresheet/1",\n  "rules": \n}'),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/broken\.json:4: not valid JSON/);
  });

  test('exit 2 for a missing file or bad arguments', () => {
    expect(run('verify', join(dir, 'nope.json'))).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('no such file'),
    });
    expect(run('verify')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('give the score sheet to check (a file or a folder)'),
    });
    expect(run('verify', 'x.json', '--yaml')).toMatchObject({
      code: 2,
      stderr:
        'arbiter verify: --yaml is not an option of verify (it takes --json, --no-color, --no-dictionary, --rules ID).\n' +
        'See: arbiter verify --help\n',
    });
  });

  test('--help for the command and each subcommand is exit 0; no command is exit 2 with the usage', () => {
    for (const args of [['--help'], ['help'], ['help', 'verify']]) {
      expect([args, run(...args).code]).toEqual([args, 0]);
    }
    for (const command of ['verify', 'gcg', 'judge', 'create-user']) {
      const r = run(command, '--help');
      expect([command, r.code, r.stdout.startsWith(`arbiter ${command}`)]).toEqual([
        command,
        0,
        true,
      ]);
      expect(r.stdout).toContain('Exit status');
    }
    expect(run()).toMatchObject({ code: 2, stderr: expect.stringContaining('verify FILE…') });
    expect(run('veryfy', 'x.json')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("there is no command 'veryfy'"),
    });
  });

  test('a device, a huge file or a sheet nested 3,000 deep is exit 2 with a sentence, at once', () => {
    expect(run('verify', '/dev/zero')).toMatchObject({
      code: 2,
      stderr: '/dev/zero: not a file: a score sheet is a .json or .gcg file\n',
    });
    const deep = sheetFile('deep.json', '['.repeat(3000) + ']'.repeat(3000));
    expect(run('verify', deep)).toMatchObject({
      code: 2,
      stderr: `${deep}: nested more than 64 levels deep: that is no score sheet\n`,
    });
    const huge = sheetFile('huge.json', ' '.repeat(3 * 1024 * 1024));
    expect(run('verify', huge)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('3.0 MB is too big for a score sheet (at most 2 MB)'),
    });
  });

  test('several sheets, or a folder: one line a sheet, the worst exit status', () => {
    const folder = mkdtempSync(join(tmpdir(), 'arbiter-round-'));
    writeFileSync(join(folder, 'table-1.json'), JSON.stringify(goodSheet));
    const wrong = structuredClone(goodSheet);
    wrong.turns[1].score = 9;
    writeFileSync(join(folder, 'table-2.json'), JSON.stringify(wrong));
    writeFileSync(join(folder, 'notes.txt'), 'not a sheet');
    const r = run('verify', folder);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toEqual([
      `${join(folder, 'table-1.json')}: ✓ agrees with the rules — Ana Petrović 6 : Marko Jovanović -3, Ana Petrović wins (score)`,
      expect.stringMatching(
        /table-2\.json: ✗ \d+ findings? \(turn 2 SCORE_MISMATCH.*\) — Ana Petrović 6 : Marko Jovanović -3/,
      ),
    ]);
    writeFileSync(join(folder, 'table-3.json'), '{ "format": ');
    const broken = run('verify', join(folder, 'table-1.json'), join(folder, 'table-3.json'));
    expect(broken.code).toBe(2);
    expect(broken.stdout).toContain(`${join(folder, 'table-3.json')}:1: not valid JSON`);
    expect(run('verify', folder, '--json')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--json prints one report; give one file'),
    });
  });

  test('an unfinished sheet is not ok: exit 1, its line says it stops before the end and who leads', () => {
    // Before: exit 0 and "✓ agrees with the rules — …, Ana Petrović wins (score)".
    const folder = mkdtempSync(join(tmpdir(), 'arbiter-round-'));
    const { end: _end, claimed: _claimed, ...unfinished } = goodSheet;
    writeFileSync(join(folder, 'table-1.json'), JSON.stringify(unfinished));
    const r = run(
      'verify',
      folder,
      join(__dirname, '..', '..', 'data', 'examples', 'kvizovka-game.sheet.json'),
    );
    expect(r.code).toBe(1);
    expect(r.stdout.trim().split('\n')[0]).toBe(
      `${join(folder, 'table-1.json')}: ✗ stops before the end (the sheet does not say how the game ended) — Ana Petrović 8 : Marko Jovanović 8, Ana Petrović leads`,
    );
    const one = run('verify', join(folder, 'table-1.json'));
    expect(one.code).toBe(1);
    expect(one.stdout).toContain('NOT OK: the sheet stops before the end');
    expect(one.stdout).toContain('Result so far: Ana Petrović leads'); // 8 : 8, more time left
  });

  test('the example sheet in data/examples verifies', () => {
    const r = run(
      'verify',
      join(__dirname, '..', '..', 'data', 'examples', 'kvizovka-game.sheet.json'),
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  const fixture = (...parts: string[]) => join(__dirname, '..', 'fixtures', ...parts);

  test('a GCG record is verified as a Scrabble game; a recording error is exit 1 with the turn named', () => {
    const clean = run(
      'verify',
      fixture('scrabble-gcg', 'pkg__stats__testdata__many_challenges.gcg'),
      '--no-dictionary',
    );
    expect(clean.stderr).toBe('');
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('scrabble-en: Winter vs jvc');
    // Peter's BRUnCH..Y is written +115 (the rules give 113) and withdrawn: the score claimed
    // before the challenge is not compared, and the totals after it are right.
    const peter = run(
      'verify',
      fixture('scrabble-gcg', 'pkg__puzzles__testdata__r20_peter.gcg'),
      '--no-dictionary',
    );
    expect(peter.stdout).not.toContain('SCORE_MISMATCH');
    expect(peter.code).toBe(0);
    // (C 3 + A 1 + T 1) × 2 on the centre = 10, written 9.
    const wrong = sheetFile(
      'wrong.gcg',
      '#player1 a Ana\n#player2 b Bora\n>a: CATXYZQ 8G CAT +9 9\n',
    );
    const mistaken = run('verify', wrong, '--no-dictionary');
    expect(mistaken.code).toBe(1);
    expect(mistaken.stdout).toContain(
      'SCORE_MISMATCH: Turn 1 (Ana, 8G CAT): the sheet says 9, the rules give 10',
    );
  });

  test('the GCG records of each recorder (Quackle, Macondo/Woogles, MAGPIE, Elise, cross-tables) verify, words looked up', () => {
    const folder = fixture('gcg-dialects');
    const r = run('verify', folder);
    expect(r.stderr).toBe('');
    // Elise's record stops before the end of the game: right so far, exit 1.
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    // One line a record: the ten of test/fixtures/gcg-dialects (its README lists them).
    expect(lines).toHaveLength(10);
    for (const line of lines) {
      expect(line).toMatch(
        line.includes('elise-unfinished')
          ? /\.gcg: ✗ stops before the end \(the sheet does not say how the game ended\) — Nora Lind 204 : Ilse Brandt 249, Ilse Brandt leads$/
          : /\.gcg: ✓ agrees with the rules — /,
      );
    }
    const french = run('verify', join(folder, 'woogles-fra20.gcg'), '--json');
    expect(JSON.parse(french.stdout)).toMatchObject({ rules: 'scrabble-fr', ok: true });
  });

  test('a (time) line whose amount the rules do not give, its final agreeing, is counted in the headline as an overtime penalty, not as a final score that disagrees', () => {
    // cross-tables (NASPA), ISO-8859-1. José's (time) line takes 15 points where the rule takes
    // 10 for each minute or part of one over; 502 from moves − 15 = 487, the line's own total.
    const record = readFileSync(fixture('gcg-dialects', 'cross-tables-overtime.gcg'), 'latin1');
    const line = '>José_Núñez: NNY (time) -10 492';
    expect(record.split('\n')).toContain(line);
    const written = (time: string) => {
      const file = join(dir, `overtime-${time.replace(/\W+/g, '')}.gcg`);
      writeFileSync(
        file,
        Buffer.from(record.replace(line, `>José_Núñez: NNY (time) ${time}`), 'latin1'),
      );
      return run('verify', file);
    };
    const amount = written('-15 487');
    expect(amount.code).toBe(1);
    // Before: "NOT OK: 1 final score disagrees", though the final agrees.
    expect(amount.stdout.split('\n')[0]).toBe(
      'scrabble-en: José Núñez vs Hélène Dufour — NOT OK: 1 overtime penalty is not as the rules give it',
    );
    expect(amount.stdout).toContain('TIME_PENALTY_AMOUNT');
    expect(amount.stdout).not.toContain('FINAL_MISMATCH');
    // The same with the final written 10 short (477 where 502 − 15 = 487): each counted apart.
    const both = written('-15 477');
    expect(both.stdout.split('\n')[0]).toBe(
      'scrabble-en: José Núñez vs Hélène Dufour — NOT OK: 1 overtime penalty is not as the rules give it, 1 final score disagrees',
    );
  });

  test('a GCG pragma no rule set fits is exit 2 naming its line, its value and what is read instead', () => {
    const file = sheetFile(
      'wordsmog.gcg',
      '#character-encoding UTF-8\n#game-type wordsmog\n#player1 a A\n#player2 b B\n>a: ABC 8G CAB +14 14\n',
    );
    const r = run('verify', file);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `${file}:2: #game-type wordsmog: 'wordsmog' is a variant Arbiter does not verify: WordSmog accepts any anagram of a word, which no rule set of Arbiter does; it reads classic (Macondo, Woogles) or a rule set of Arbiter (scrabble-en, scrabble-fr, kvizovka, scrabble-target, qwibble)\n`,
    );
  });

  test('a bad GCG line is exit 2 with its line number', () => {
    const file = sheetFile('bad.gcg', '#player1 a A\n#player2 b B\n>a: ABC 8D\n');
    expect(run('verify', file)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('bad.gcg:3: '),
    });
  });

  test('a Kvizovka sheet exported as GCG reads back to the same game', () => {
    const exported = run(
      'gcg',
      join(__dirname, '..', '..', 'data', 'examples', 'kvizovka-game.sheet.json'),
    );
    expect(exported.code).toBe(0);
    // A pragma of Arbiter's own: Macondo and Woogles mean their variant by #game-type.
    expect(exported.stdout).toContain('#arbiter-rules kvizovka\n');
    expect(exported.stdout).not.toContain('#game-type');
    const back = run('verify', sheetFile('exported.gcg', exported.stdout), '--json');
    expect(back.stderr).toBe('');
    const report = JSON.parse(back.stdout);
    expect(report.rules).toBe('kvizovka');
    expect(report.players.map((p: { final: number }) => p.final)).toEqual([15, -4]); // as the sheet
    expect(report.ok).toBe(true);
  });

  test('judge: VALID or INVALID for the play as a whole, with exit 0, 1, 2', () => {
    expect(run('judge', 'KUĆA', 'LJUBAV')).toMatchObject({ code: 0, stdout: 'VALID\n' });
    expect(run('judge', 'KUĆA', 'PSA')).toMatchObject({ code: 1, stdout: 'INVALID\n' });
    expect(run('judge', '--rules', 'scrabble-en', 'QI')).toMatchObject({
      code: 0,
      stdout: 'VALID\n',
    });
    expect(run('judge', 'KU1A')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("'KU1A' has '1'"),
    });
  });

  test('gcg refuses a card game with exit 2', () => {
    const r = run('gcg', fixture('quivit', '01-totals-most-cards.sheet.json'));
    expect(r).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('quivit is a card game; GCG records crossword games'),
    });
  });
});
