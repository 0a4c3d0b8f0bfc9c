import * as os from 'node:os';
import { defaultWordList } from '../src/dictionary/default-lists';
import { run as cli } from './cli.bench';
import { run as crash } from './crash.bench';
import { run as dictionary } from './dictionary.bench';
import { run as engine } from './engine.bench';
import { run as hall } from './hall.bench';
import { run as hallDay } from './hall-day.bench';
import { run as imports } from './imports.bench';
import { runInstructions } from './instructions.bench';
import { run as load } from './load.bench';
import { run as pages } from './pages.bench';
import { run as pairing } from './pairing.bench';
import { run as render } from './render.bench';
import { run as replay } from './replay.bench';
import { run as roundResults } from './round-results.bench';
import { run as server } from './server.bench';
import { run as sheetForm } from './sheet-form.bench';
import { run as signIn } from './sign-in.bench';
import { run as standings } from './standings.bench';
import { run as tables } from './tables.bench';

/** Runs every benchmark but the opt-in ones, or those named: `npm run bench -- engine instructions`. */
const benches: Record<string, () => Promise<void>> = {
  engine: () => engine(defaultWordList('kvizovka')),
  dictionary: () => dictionary(),
  pairing: () => pairing(),
  standings: () => standings(),
  tables: () => tables(),
  server: () => server(),
  hall: () => hall(),
  render: () => render(),
  pages: () => pages(),
  replay: () => replay(),
  sheet: () => sheetForm(),
  'round-results': () => roundResults(),
  cli: () => cli(),
  'sign-in': () => signIn(),
};
/** Benchmarks run only when named. */
const optIn: Record<string, () => Promise<void>> = {
  instructions: () => runInstructions(defaultWordList('kvizovka')),
  'instructions-english': () => runInstructions(null, { english: true, kvizovka: false }),
  crash: () => crash(),
  load: () => load(),
  imports: () => imports(),
  'hall-day': () => hallDay(),
};

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const names = wanted.length > 0 ? wanted : Object.keys(benches);
  // Figures only compare on one machine: name it.
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  console.log(
    `node ${process.version}, ${process.arch}, ${cpu} (${os.cpus().length} cores); figures are medians`,
  );
  for (const name of names) {
    const bench = benches[name] ?? optIn[name];
    if (!bench) {
      const known = [...Object.keys(benches), ...Object.keys(optIn)];
      throw new Error(`no benchmark '${name}' (have: ${known.join(', ')})`);
    }
    await bench();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
