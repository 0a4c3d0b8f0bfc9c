import { spawnSync } from 'child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

const ROOT = join(__dirname, '..', '..');

/**
 * `npm start` runs `scripts/build.js`'s check first (scripts/start.js): it builds when anything the build reads has
 * changed (or an output is missing) and only then, so a start never serves a stale build and a
 * start of a built tree does not wait for tsc. Run on a copy of the tree with the real tools.
 */
describe('the build before npm start', () => {
  let tree: string;

  beforeAll(() => {
    tree = mkdtempSync(join(tmpdir(), 'arbiter-build-'));
    for (const part of ['src', 'bench', 'scripts']) {
      cpSync(join(ROOT, part), join(tree, part), { recursive: true });
    }
    for (const file of [
      'tsconfig.json',
      'tsconfig.build.json',
      'package.json',
      'package-lock.json',
    ]) {
      cpSync(join(ROOT, file), join(tree, file));
    }
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir');
  });
  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  const build = (...flags: string[]) => {
    const run = spawnSync(process.execPath, ['scripts/build.js', ...flags], {
      cwd: tree,
      encoding: 'utf8',
      env: { ...process.env, npm_execpath: '' },
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  };
  const out = (file: string) => join(tree, 'dist', file);
  const modified = (file: string) => statSync(out(file)).mtimeMs;

  it('builds a fresh tree, then does nothing until a source changes or an output goes', () => {
    const first = build();
    expect(first).toEqual({ status: 0, output: expect.any(String) as string });
    // The page scripts come from one esbuild call, each under its own name.
    const scripts = ['sheet-form', 'live', 'replay', 'round-results'].map((n) => `assets/${n}.js`);
    for (const file of ['src/main.js', 'src/bundle/main.js', 'src/cli/main.js', ...scripts]) {
      expect(existsSync(out(file))).toBe(true);
    }
    // Each bundle is its own page's script alone (an IIFE), not one shared file.
    expect(readFileSync(out('assets/round-results.js'), 'utf8')).toContain('round-config');
    expect(readFileSync(out('assets/sheet-form.js'), 'utf8')).not.toContain('round-config');
    expect(statSync(out('src/cli/main.js')).mode & 0o111).not.toBe(0);

    // Nothing changed: nothing is written again.
    const before = [modified('src/main.js'), modified('assets/sheet-form.js')];
    expect(build().status).toBe(0);
    expect([modified('src/main.js'), modified('assets/sheet-form.js')]).toEqual(before);

    // An edited source is in the next build.
    appendFileSync(join(tree, 'src/health.controller.ts'), "\nexport const MARK = 'edited-42';\n");
    expect(build().status).toBe(0);
    expect(readFileSync(out('src/health.controller.js'), 'utf8')).toContain('edited-42');

    // A bundle removed, the first entry point's or the last's, is made again.
    for (const file of ['assets/sheet-form.js', 'assets/round-results.js']) {
      rmSync(out(file));
      expect(build().status).toBe(0);
      expect(existsSync(out(file))).toBe(true);
    }
  }, 240_000);

  it('--force builds from scratch: a compiled file taken out of dist/ is written again', () => {
    expect(build().status).toBe(0);
    // Its source is unchanged, so tsc's incremental record alone would not write it again.
    rmSync(out('src/engine/sheet/notation.js'));
    expect(build('--force').status).toBe(0);
    expect(existsSync(out('src/engine/sheet/notation.js'))).toBe(true);
  }, 240_000);

  it('a tree that does not compile fails the start, and builds again on the next one', () => {
    const file = join(tree, 'src/health.controller.ts');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, `${good}\nexport const broken: number = 'not a number';\n`);
    const failed = build();
    expect(failed.status).not.toBe(0);
    expect(failed.output).toContain('health.controller.ts');
    expect(existsSync(out('.build-inputs'))).toBe(false);
    // npm start (scripts/start.js) builds again, fails the same way and serves nothing.
    const start = spawnSync(process.execPath, ['scripts/start.js'], {
      cwd: tree,
      encoding: 'utf8',
      env: { ...process.env, npm_execpath: '', PORT: '0' },
      timeout: 120_000,
    });
    expect(start.status).not.toBe(0);
    expect(`${start.stdout}${start.stderr}`).toContain('health.controller.ts');
    expect(`${start.stdout}${start.stderr}`).not.toContain('Arbiter serves');
    writeFileSync(file, good);
    expect(build().status).toBe(0);
    expect(existsSync(out('.build-inputs'))).toBe(true);
  }, 240_000);
});
