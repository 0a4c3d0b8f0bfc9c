import { spawnSync } from 'child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

const CODE_CACHE = join(__dirname, '..', '..', 'scripts', 'code-cache.js');

/**
 * `npm start` runs the server's bundle with the code V8 compiled for the last start
 * (scripts/code-cache.js). Each case runs a small program the way start.js runs the bundle, in
 * a Node process of its own: what the program printed, and what became of the cache.
 */
describe('the code cache npm start keeps beside the bundle', () => {
  let dir: string;
  let program: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'arbiter-code-cache-'));
    program = join(dir, 'program.js');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A program that prints `word`, and has started a moment later (a server once it listens). */
  const writeProgram = (word: string) =>
    writeFileSync(
      program,
      `const path = require('path');
       function greet(w) { return 'said ' + w + ' from ' + path.basename(__filename); }
       console.log(greet(${JSON.stringify(word)}));
       exports.started = new Promise((resolve) => setTimeout(resolve, 20)).then(() => console.log('started'));`,
    );

  const run = () => {
    const child = spawnSync(
      process.execPath,
      [
        '-e',
        `require(${JSON.stringify(CODE_CACHE)}).runWithCodeCache(${JSON.stringify(program)})` +
          `.then((cache) => console.log('cache ' + cache))`,
      ],
      { encoding: 'utf8' },
    );
    return { status: child.status, lines: child.stdout.trim().split('\n'), stderr: child.stderr };
  };

  it('makes the cache once the program has started, then uses it', () => {
    writeProgram('hello');
    expect(run()).toEqual({
      status: 0,
      lines: ['said hello from program.js', 'started', 'cache made'],
      stderr: '',
    });
    expect(existsSync(`${program}.v8cache`)).toBe(true);
    expect(run()).toEqual({
      status: 0,
      lines: ['said hello from program.js', 'cache used', 'started'],
      stderr: '',
    });
  });

  it('never runs a cache made for another text of the file, even one of the same length', () => {
    writeProgram('hello');
    expect(run().lines).toEqual(['said hello from program.js', 'started', 'cache made']);
    const before = readFileSync(`${program}.v8cache`);
    writeProgram('howdy');
    // V8 itself compares only the length of the text: the same time of modification too.
    utimesSync(program, new Date(), new Date(Date.now() + 5_000));
    expect(run().lines).toEqual(['said howdy from program.js', 'started', 'cache made']);
    expect(readFileSync(`${program}.v8cache`).equals(before)).toBe(false);
    expect(run().lines).toEqual(['said howdy from program.js', 'cache used', 'started']);
  });

  it('does not use a damaged cache: it makes it anew', () => {
    writeProgram('hello');
    writeFileSync(`${program}.v8cache`, 'not a cache at all');
    expect(run().lines).toEqual(['said hello from program.js', 'started', 'cache made']);
    writeFileSync(
      `${program}.v8cache`,
      Buffer.concat([readFileSync(`${program}.v8cache`).subarray(0, 60), Buffer.alloc(40)]),
    );
    expect(run().lines).toEqual(['said hello from program.js', 'started', 'cache made']);
    expect(run().lines).toEqual(['said hello from program.js', 'cache used', 'started']);
  });
});
