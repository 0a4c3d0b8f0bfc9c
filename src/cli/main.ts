#!/usr/bin/env node
import { defaultWordList } from '../dictionary/default-lists';
import { verifyFile } from './verify-command';

const USAGE = `Usage:
  npm run cli -- verify FILE [--json] [--no-color] [--no-dictionary]
      Replays a score sheet (scoresheet/1 JSON) and reports where it and the rules disagree.
      Words are checked against the rule set's word list unless --no-dictionary.
      Exit status: 0 the sheet agrees, 1 it has discrepancies, 2 the file cannot be read.
`;

function main(argv: string[]): number {
  const [command, ...rest] = argv;
  if (command === 'verify') {
    const flags = rest.filter((a) => a.startsWith('--'));
    const files = rest.filter((a) => !a.startsWith('--'));
    const unknown = flags.filter((f) => !['--json', '--no-color', '--no-dictionary'].includes(f));
    if (files.length !== 1 || unknown.length > 0) {
      process.stderr.write(
        (unknown.length > 0
          ? `verify: unknown option ${unknown.join(' ')}\n`
          : 'verify: give exactly one score-sheet file\n') + USAGE,
      );
      return 2;
    }
    const result = verifyFile(files[0], {
      json: flags.includes('--json'),
      color:
        !flags.includes('--no-color') && process.stdout.isTTY === true && !process.env.NO_COLOR,
    });
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    return result.exitCode;
  }
  if (command === undefined || command === 'help' || command === '--help') {
    process.stdout.write(USAGE);
    return command === undefined ? 2 : 0;
  }
  process.stderr.write(`unknown command '${command}'\n${USAGE}`);
  return 2;
}

process.exitCode = main(process.argv.slice(2));
