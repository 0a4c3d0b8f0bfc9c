/** Helpers shared by the dictionary build scripts. */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildDawgBytes, DawgMeta } from '../../src/dictionary/dawg-builder';
import { DawgWordList } from '../../src/dictionary/dawg';

/** The repository root: the nearest folder above this file with the project's package.json. */
export function repoRoot(): string {
  let dir = __dirname;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).name === 'arbiter')
      return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error('cannot find the repository root (package.json "arbiter")');
    dir = up;
  }
}

export function dictionariesDir(): string {
  return path.join(repoRoot(), 'data', 'dictionaries');
}

export function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/**
 * Packs tile keys as a DAWG and writes `data/dictionaries/<id>.dawg.gz`
 * (gzip level 9, fixed mtime, so the same words give the same bytes).
 * Returns the list read back from the written file, for checks.
 */
export function writeDictionary(
  keys: Iterable<string>,
  meta: DawgMeta,
): { list: DawgWordList; file: string; bytes: number } {
  const raw = buildDawgBytes(keys, meta);
  const gz = gzipSync(raw, { level: 9 });
  const file = path.join(dictionariesDir(), `${meta.id}.dawg.gz`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, gz);
  const list = DawgWordList.fromBytes(raw);
  return { list, file, bytes: gz.length };
}

/** Reads `--name value` options; `--flag` alone gives 'true'. */
export function parseArgs(argv: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}`);
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      out.set(a.slice(2), next);
      i++;
    } else {
      out.set(a.slice(2), 'true');
    }
  }
  return out;
}
