#!/usr/bin/env node
import { defaultWordList } from '../dictionary/default-lists';
import { judgeWords } from '../dictionary/judge';
import { createUser } from './create-user';
import { gcgFile, verifyFile } from './verify-command';

const USAGE = `Usage:
  npm run cli -- verify FILE [--json] [--no-color] [--no-dictionary]
      Replays a score sheet (scoresheet/1 JSON) and reports where it and the rules disagree.
      Words are checked against the rule set's word list unless --no-dictionary.
      Exit status: 0 the sheet agrees, 1 it has discrepancies, 2 the file cannot be read.
`;

const VERIFY_FLAGS = ['--json', '--no-color', '--no-dictionary'];

function readArguments(args: string[], allowed: string[]) {
  const files: string[] = [];
  const flags: string[] = [];
  let rules: string | undefined;
  let problem: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--rules') {
      rules = args[++i];
      if (!rules) problem = '--rules needs a rule-set id';
    } else if (arg.startsWith('--')) {
      if (allowed.includes(arg)) flags.push(arg);
      else problem = `unknown option ${arg}`;
    } else {
      files.push(arg);
    }
  }
  return { files, flags, rules, problem };
}

/** `--name value` pairs of create-user. */
function readOptions(args: string[]): Record<string, string> {
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) options[args[i].replace(/^--/, '')] = args[i + 1] ?? '';
  return options;
}

/** The first line of standard input, when it is not a terminal. */
async function readPasswordLine(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] || undefined;
}

async function createUserCommand(args: string[]): Promise<number> {
  const options = readOptions(args);
  const unknown = Object.keys(options).filter((k) => !['email', 'name', 'role'].includes(k));
  if (unknown.length > 0) {
    process.stderr.write(
      `create-user: unknown option --${unknown[0]} (the password is never an option)\n${USAGE}`,
    );
    return 2;
  }
  const password = process.env.ARBITER_PASSWORD ?? (await readPasswordLine());
  const result = await createUser({ ...options, password });
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return result.exitCode;
}

function main(argv: string[]): number | Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'verify' || command === 'gcg') {
    const { files, flags, rules, problem } = readArguments(
      rest,
      command === 'verify' ? VERIFY_FLAGS : [],
    );
    if (problem || files.length !== 1) {
      process.stderr.write(`${command}: ${problem ?? 'give exactly one file'}\n${USAGE}`);
      return 2;
    }
    const wordsFor = flags.includes('--no-dictionary') ? undefined : defaultWordList;
    const result =
      command === 'verify'
        ? verifyFile(files[0], {
            json: flags.includes('--json'),
            color:
              !flags.includes('--no-color') &&
              process.stdout.isTTY === true &&
              !process.env.NO_COLOR,
            wordsFor,
            rules,
          })
        : gcgFile(files[0], { wordsFor });
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    return result.exitCode;
  }
  if (command === 'create-user') return createUserCommand(rest);
  if (command === 'judge') {
    const { files: words, rules, problem } = readArguments(rest, []);
    const rulesId = rules ?? 'kvizovka';
    const list = defaultWordList(rulesId);
    if (problem || !list) {
      process.stderr.write(
        `judge: ${problem ?? `no word list for the rule set "${rulesId}"`}\n${USAGE}`,
      );
      return 2;
    }
    const ruling = judgeWords(rulesId, words, list);
    if (!ruling.ok) {
      process.stderr.write(ruling.errors.map((e) => `judge: ${e.message}`).join('\n') + '\n');
      return 2;
    }
    process.stdout.write(`${ruling.verdict}\n`);
    return ruling.verdict === 'VALID' ? 0 : 1;
  }
  if (command === undefined || command === 'help' || command === '--help') {
    process.stdout.write(USAGE);
    return command === undefined ? 2 : 0;
  }
  process.stderr.write(`unknown command '${command}'\n${USAGE}`);
  return 2;
}

Promise.resolve(main(process.argv.slice(2))).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
