#!/usr/bin/env node
import { defaultWordList } from '../dictionary/default-lists';
import { judgeWords } from '../dictionary/judge';
import { gcgFile, verifyFiles } from './verify-command';

/** What each command does and takes, for `arbiter COMMAND --help`. */
const HELP: Record<string, string> = {
  verify: `arbiter verify FILE… [--json] [--no-color] [--no-dictionary] [--rules ID]

  Replays score sheets (scoresheet/1 JSON, or GCG records of the crossword
  games) and reports where each sheet and the rules disagree: the turn table,
  every finding with its turn, square and word, the accounts, the result.
  A folder stands for the .json and .gcg files in it. With several files,
  one line a sheet: whether it agrees, its findings, its result.

  --json           the verification report as JSON (one file only)
  --no-color       no colours, even on a terminal (NO_COLOR works too)
  --no-dictionary  do not look words up in the rule set's word list
  --rules ID       the rule set to read GCG files with (default: the one their
                   pragmas name: #lexicon, #game-type, #tile-distribution,
                   #arbiter-rules; English Scrabble when they name none)

  Exit status: 0 every sheet agrees with the rules, 1 one has discrepancies,
  2 one cannot be read (the message names its line and field).
`,
  gcg: `arbiter gcg FILE [--rules ID]

  Writes a score sheet as a GCG record with the computed scores, on standard
  output. The rule set, clocks, time penalties and how the game ended go into
  pragmas of Arbiter's own (#arbiter-rules, #arbiter-clock, …) that verify
  reads back.

  Exit status: 0 written, 1 written but the sheet disagrees with the rules,
  2 the file cannot be read or is a card game.
`,
  judge: `arbiter judge WORD… [--rules ID]

  Rules on a challenged play as a whole, against the rule set's word list
  (default kvizovka): prints VALID or INVALID, never which word failed.

  Exit status: 0 VALID, 1 INVALID, 2 a word cannot be read or there is no list.
`,
  'create-user': `arbiter create-user --email ADDRESS --name NAME --role judge|organiser

  Creates an account in the database the server uses (DATABASE_URL or
  DATABASE_PATH, as for npm start). The password comes from ARBITER_PASSWORD
  or the first line of standard input, never from the command line.

  Exit status: 0 created, 1 the account exists, 2 a bad argument.
`,
  backup: `arbiter backup

  Copies the SQLite database the server uses (DATABASE_PATH, else
  data/arbiter.sqlite) into backups/ beside it, as the server does after every
  round is paired. Safe while the server runs: the copy is consistent. The
  oldest beyond BACKUP_KEEP (30) are deleted. For PostgreSQL use pg_dump.

  Exit status: 0 backed up, 2 no database, or PostgreSQL is set.
`,
  restore: `arbiter restore BACKUP

  Puts a backup (from backups/, or downloaded from the organiser's backups
  page) in place of the SQLite database. Stop the server first: the command
  refuses while one runs on the database. The backup is checked first: an
  SQLite file, whole (SQLite's integrity check), with Arbiter's tables, made
  by this version of Arbiter or an older one; anything else is refused with
  what the file is, and nothing is changed. The database as it was is itself
  backed up (reason before-restore), so nothing is lost. Then start the
  server again.

  Exit status: 0 restored, 2 the file is not an Arbiter database this version
  can run (not SQLite, damaged, another program's, a newer version's), a
  server runs, or a bad argument.
`,
};

const USAGE = `Usage: arbiter COMMAND … (in this folder: npx arbiter COMMAND …)

  verify FILE…       check score sheets against the rules
  gcg FILE           write a score sheet as a GCG record
  judge WORD…        VALID or INVALID for a challenged play
  create-user …      add a judge's or an organiser's account
  backup             copy the database into its backups folder
  restore BACKUP     put a backup in place of the database (server stopped)
  help [COMMAND]     this text, or a command's

arbiter COMMAND --help says what a command takes.
`;

const VERIFY_FLAGS = ['--json', '--no-color', '--no-dictionary'];

interface Arguments {
  values: string[];
  flags: string[];
  rules?: string;
  problem?: string;
}

/** The words of a command: its values, its flags, `--rules ID`; or a sentence saying what is wrong. */
function readArguments(command: string, args: string[], allowed: string[]): Arguments {
  const out: Arguments = { values: [], flags: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--rules') {
      out.rules = args[++i];
      if (!out.rules) out.problem = '--rules needs the id of a rule set, e.g. --rules scrabble-fr';
    } else if (arg.startsWith('--')) {
      if (allowed.includes(arg)) {
        out.flags.push(arg);
      } else {
        const takes = [...allowed, '--rules ID'].join(', ');
        out.problem = `${arg} is not an option of ${command} (it takes ${takes})`;
      }
    } else {
      out.values.push(arg);
    }
  }
  return out;
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

/** A refusal: what is wrong, and where to read more. Exit 2. */
function refuse(command: string, problem: string): number {
  process.stderr.write(`arbiter ${command}: ${problem}.\nSee: arbiter ${command} --help\n`);
  return 2;
}

async function createUserCommand(args: string[]): Promise<number> {
  const options = readOptions(args);
  const unknown = Object.keys(options).filter((k) => !['email', 'name', 'role'].includes(k));
  if (unknown.length > 0) {
    return refuse(
      'create-user',
      `--${unknown[0]} is not an option of create-user (the password is never an option)`,
    );
  }
  const password = process.env.ARBITER_PASSWORD ?? (await readPasswordLine());
  // Loaded only here: the database layer is most of what starting the command would cost.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createUser } = require('./create-user') as typeof import('./create-user');
  const result = await createUser({ ...options, password });
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return result.exitCode;
}

/** Loaded only when used: backups need the SQLite binding, which verifying does not. */
async function backupOrRestore(command: 'backup' | 'restore', args: string[]): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const commands = require('./backup-command') as typeof import('./backup-command');
  const result = await (command === 'backup' ? commands.backupCommand : commands.restoreCommand)(
    args,
  );
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return result.exitCode;
}

function verifyCommand(args: string[]): number {
  const { values, flags, rules, problem } = readArguments('verify', args, VERIFY_FLAGS);
  if (problem) return refuse('verify', problem);
  if (values.length === 0)
    return refuse('verify', 'give the score sheet to check (a file or a folder)');
  const result = verifyFiles(values, {
    json: flags.includes('--json'),
    color: !flags.includes('--no-color') && process.stdout.isTTY === true && !process.env.NO_COLOR,
    wordsFor: flags.includes('--no-dictionary') ? undefined : defaultWordList,
    rules,
  });
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return result.exitCode;
}

function gcgCommand(args: string[]): number {
  const { values, rules, problem } = readArguments('gcg', args, []);
  if (problem) return refuse('gcg', problem);
  if (values.length !== 1) return refuse('gcg', 'give exactly one score sheet');
  const result = gcgFile(values[0], { wordsFor: defaultWordList, rules });
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return result.exitCode;
}

function judgeCommand(args: string[]): number {
  const { values: words, rules, problem } = readArguments('judge', args, []);
  if (problem) return refuse('judge', problem);
  if (words.length === 0) return refuse('judge', 'give the words of the challenged play');
  const rulesId = rules ?? 'kvizovka';
  const list = defaultWordList(rulesId);
  if (!list) return refuse('judge', `there is no word list for the rule set "${rulesId}"`);
  const ruling = judgeWords(rulesId, words, list);
  if (!ruling.ok) return refuse('judge', ruling.errors.map((e) => e.message).join('; '));
  process.stdout.write(`${ruling.verdict}\n`);
  return ruling.verdict === 'VALID' ? 0 : 1;
}

const COMMANDS: Record<string, (args: string[]) => number | Promise<number>> = {
  verify: verifyCommand,
  gcg: gcgCommand,
  judge: judgeCommand,
  'create-user': createUserCommand,
  backup: (args) => backupOrRestore('backup', args),
  restore: (args) => backupOrRestore('restore', args),
};

function main(argv: string[]): number | Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    process.stderr.write(USAGE);
    return 2;
  }
  if (command === 'help' || command === '--help' || command === '-h') {
    const about = rest[0];
    if (about !== undefined && !(about in HELP))
      return refuse('help', `there is no command '${about}'`);
    process.stdout.write(about !== undefined ? HELP[about] : USAGE);
    return 0;
  }
  const run = Object.prototype.hasOwnProperty.call(COMMANDS, command) ? COMMANDS[command] : null;
  if (!run) {
    process.stderr.write(`arbiter: there is no command '${command}'.\n\n${USAGE}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(HELP[command]);
    return 0;
  }
  return run(rest);
}

Promise.resolve(main(process.argv.slice(2))).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`arbiter: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
