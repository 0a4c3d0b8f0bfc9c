/**
 * Word list benchmark: load time, memory and lookups per second of the
 * shipped lists (packed DAWG), and of the two structures it was chosen over,
 * on the same words:
 *
 * - `Set`: the words as a gzipped text list, split into a JavaScript `Set`;
 * - sorted buffer: the words as letter codes in one sorted byte buffer with an
 *   offset table, looked up by binary search.
 *
 * Loads are timed in fresh `node` processes (median of several), so that each
 * starts cold, with nothing cached; memory is the growth of the JS heap and of
 * array buffers across the load, after a full GC. Lookups are a fixed mix of
 * half words of the list and half near-misses (one letter changed).
 *
 * Run after `npm run build` (it needs the compiled `dist/src/dictionary`):
 * `node -e "require('./dist/bench/dictionary.bench.js').run()"`.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DawgWordList } from '../src/dictionary/dawg';
import {
  clearWordListCache,
  dictionaryDir,
  loadWordList,
  WordListId,
} from '../src/dictionary/loader';

const LOAD_RUNS = 5;
const LOOKUP_KEYS = 200_000;
const LOOKUP_MS = 1000;

type Structure = 'dawg' | 'set' | 'sorted';

interface Measure {
  loadMs: number;
  heapMB: number;
  buffersMB: number;
  lookupsPerSecond: number;
}

/** The words of a list and a mix of hits and misses, the same for every structure. */
function lookupMix(words: string[], alphabet: string[]): string[] {
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
  const keys: string[] = [];
  for (let i = 0; i < LOOKUP_KEYS; i++) {
    const w = words[Math.floor(random() * words.length)];
    if (i % 2 === 0) {
      keys.push(w);
    } else {
      const at = Math.floor(random() * w.length);
      const letter = alphabet[Math.floor(random() * alphabet.length)];
      keys.push(w.slice(0, at) + letter + w.slice(at + 1));
    }
  }
  return keys;
}

function lookupsPerSecond(has: (key: string) => boolean, keys: string[]): number {
  let hits = 0;
  for (let i = 0; i < keys.length; i++) if (has(keys[i])) hits++; // warm-up
  let n = 0;
  const start = process.hrtime.bigint();
  let elapsed: number;
  do {
    for (let i = 0; i < keys.length; i++) if (has(keys[i])) hits++;
    n += keys.length;
    elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  } while (elapsed < LOOKUP_MS);
  if (hits === 0) throw new Error('no hits: the mix is wrong');
  return (n / elapsed) * 1000;
}

/** Sorted byte buffer of letter codes + offsets, binary search. */
class SortedBufferList {
  private readonly codeOf = new Int8Array(0x200).fill(-1);
  private readonly scratch = new Uint8Array(64);

  constructor(
    private readonly bytes: Uint8Array,
    private readonly offsets: Uint32Array,
  ) {}

  /**
   * The file: uint32 word count n, n + 1 uint32 offsets, then the words' letter
   * codes (1…32) back to back, sorted by code. Built once by {@link encode}.
   */
  static encode(words: string[], alphabet: string[]): Buffer {
    const codeOf = new Map(alphabet.map((ch, i) => [ch, i + 1]));
    const encoded = words.map((w) => Uint8Array.from(w, (ch) => codeOf.get(ch)!));
    encoded.sort(compareBytes);
    const head = Buffer.alloc(4 * (encoded.length + 2));
    head.writeUInt32LE(encoded.length, 0);
    let total = 0;
    encoded.forEach((e, i) => {
      head.writeUInt32LE(total, 4 * (i + 1));
      total += e.length;
    });
    head.writeUInt32LE(total, 4 * (encoded.length + 1));
    return Buffer.concat([head, ...encoded]);
  }

  static fromBytes(bytes: Buffer, alphabet: string[]): SortedBufferList {
    const n = bytes.readUInt32LE(0);
    const offsets = new Uint32Array(bytes.buffer, bytes.byteOffset + 4, n + 1);
    const list = new SortedBufferList(bytes.subarray(4 * (n + 2)), offsets);
    alphabet.forEach((ch, i) => (list.codeOf[ch.charCodeAt(0)] = i + 1));
    return list;
  }

  has(key: string): boolean {
    const n = key.length;
    if (n > this.scratch.length) return false;
    for (let i = 0; i < n; i++) {
      const c = key.charCodeAt(i);
      const code = c < 0x200 ? this.codeOf[c] : -1;
      if (code < 0) return false;
      this.scratch[i] = code;
    }
    let lo = 0;
    let hi = this.offsets.length - 2;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const start = this.offsets[mid];
      const len = this.offsets[mid + 1] - start;
      let cmp = 0;
      const m = Math.min(len, n);
      for (let i = 0; i < m && cmp === 0; i++) cmp = this.bytes[start + i] - this.scratch[i];
      if (cmp === 0) cmp = len - n;
      if (cmp === 0) return true;
      if (cmp < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const m = Math.min(a.length, b.length);
  for (let i = 0; i < m; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** Files the child processes read: the shipped DAWG, and the same words as gzipped text and as a gzipped sorted buffer. */
function prepare(id: WordListId): Files {
  const list = loadWordList(id);
  const words = [...list.words()];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'arbiter-dict-bench-'));
  const textFile = path.join(tmp, `${id}.txt.gz`);
  fs.writeFileSync(textFile, gzipSync(words.join('\n') + '\n'));
  const sortedFile = path.join(tmp, `${id}.sorted.gz`);
  fs.writeFileSync(sortedFile, gzipSync(SortedBufferList.encode(words, list.header.alphabet)));
  const keysFile = path.join(tmp, `${id}.keys.json`);
  fs.writeFileSync(keysFile, JSON.stringify(lookupMix(words, list.header.alphabet)));
  clearWordListCache();
  return {
    dawgFile: path.join(dictionaryDir(), `${id}.dawg.gz`),
    textFile,
    sortedFile,
    keysFile,
    alphabet: list.header.alphabet,
    words: words.length,
  };
}

interface Files {
  dawgFile: string;
  textFile: string;
  sortedFile: string;
  keysFile: string;
  alphabet: string[];
  words: number;
}

/** Measures one structure in this process (the child's side). */
export function measureHere(structure: Structure, files: Files): Measure {
  const fullGc = () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    for (let i = 0; i < 3; i++) gc?.();
  };
  fullGc();
  const before = process.memoryUsage();
  const start = process.hrtime.bigint();
  let has: (key: string) => boolean;
  if (structure === 'dawg') {
    const list = DawgWordList.fromBytes(gunzipSync(fs.readFileSync(files.dawgFile)));
    has = (k) => list.has(k);
  } else if (structure === 'set') {
    const set = new Set(gunzipSync(fs.readFileSync(files.textFile)).toString('utf8').split('\n'));
    set.delete('');
    has = (k) => set.has(k);
  } else {
    const list = SortedBufferList.fromBytes(
      gunzipSync(fs.readFileSync(files.sortedFile)),
      files.alphabet,
    );
    has = (k) => list.has(k);
  }
  const loadMs = Number(process.hrtime.bigint() - start) / 1e6;
  fullGc();
  const after = process.memoryUsage();
  const keys = JSON.parse(fs.readFileSync(files.keysFile, 'utf8')) as string[];
  return {
    loadMs,
    heapMB: (after.heapUsed - before.heapUsed) / 2 ** 20,
    buffersMB: (after.arrayBuffers - before.arrayBuffers) / 2 ** 20,
    lookupsPerSecond: lookupsPerSecond(has, keys),
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Runs `measureHere` in fresh node processes when compiled; in this process otherwise. */
interface Result {
  m: Measure;
  runs: number;
  fresh: boolean;
}

async function measure(structure: Structure, files: Files): Promise<Result> {
  const compiled = __filename.endsWith('.js');
  const results: Measure[] = [];
  for (let i = 0; i < LOAD_RUNS; i++) {
    if (compiled) {
      const code = `const b = require(${JSON.stringify(__filename)});
        process.stdout.write(JSON.stringify(b.measureHere(...JSON.parse(process.argv[1]))));`;
      const args = JSON.stringify([structure, files]);
      const { stdout: out } = await promisify(execFile)(
        process.execPath,
        ['--expose-gc', '-e', code, args],
        {
          encoding: 'utf8',
        },
      );
      results.push(JSON.parse(out) as Measure);
    } else {
      results.push(measureHere(structure, files));
      if (structure !== 'dawg') break; // one in-process run is enough for the slow alternatives
    }
  }
  return {
    m: {
      loadMs: median(results.map((r) => r.loadMs)),
      heapMB: median(results.map((r) => r.heapMB)),
      buffersMB: median(results.map((r) => r.buffersMB)),
      lookupsPerSecond: median(results.map((r) => r.lookupsPerSecond)),
    },
    runs: results.length,
    fresh: compiled,
  };
}

function line(label: string, r: Result): string {
  const { m } = r;
  const how = r.fresh ? `median of ${r.runs} fresh processes` : `in-process, ${r.runs} run(s)`;
  const mb = (x: number) => `${x < 0 ? '-' : '+'}${Math.abs(x).toFixed(1)} MB`;
  return (
    `${label}: load ${m.loadMs.toFixed(0)} ms (${how}), heap ${mb(m.heapMB)}` +
    ` + array buffers ${mb(m.buffersMB)}, ${(m.lookupsPerSecond / 1e6).toFixed(1)} M lookups/s`
  );
}

export async function run(): Promise<void> {
  for (const id of ['sr-kvizovka', 'en', 'fr'] as WordListId[]) {
    const files = prepare(id);
    console.log(
      line(`dictionary ${id} (${files.words} words, DAWG)`, await measure('dawg', files)),
    );
    if (id === 'sr-kvizovka' || process.env.BENCH_ALTERNATIVES) {
      console.log(line(`  alternative for ${id}: Set from text`, await measure('set', files)));
      console.log(
        line(
          `  alternative for ${id}: sorted buffer + binary search`,
          await measure('sorted', files),
        ),
      );
    }
    fs.rmSync(path.dirname(files.textFile), { recursive: true, force: true });
  }
}

if (require.main === module) {
  run().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
