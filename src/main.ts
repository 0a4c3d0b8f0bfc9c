import { Logger } from '@nestjs/common';
import { validateEnvironment } from './config';
import { DataSource } from 'typeorm';
import { fillDatabasePool } from './startup/fill-pool';
import { databaseProblems } from './startup/preflight';

/** One message saying what is wrong and what to set, and exit 1: never a stack trace or a retry loop. */
function cannotStart(problems: string[]): never {
  console.error(`Arbiter cannot start:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}

async function main(): Promise<void> {
  try {
    validateEnvironment(process.env);
  } catch (e) {
    // validateEnvironment lists every bad variable in one message.
    console.error((e as Error).message);
    process.exit(1);
  }
  const problems = await databaseProblems(process.env);
  if (problems.length > 0) cannotStart(problems);
  // The application is loaded only once the settings hold: a bad one is reported at once.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createApp } = require('./app') as typeof import('./app');
  const app = await createApp();
  await fillDatabasePool(app.get(DataSource));
  // HOST unset: every address, as Node listens by default (both IPv6 and IPv4 where there is IPv6).
  const host = process.env.HOST || undefined;
  if (host) await app.listen(Number(process.env.PORT ?? 3000), host);
  else await app.listen(Number(process.env.PORT ?? 3000));
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : process.env.PORT;
  const shown = !host ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  // The e2e harness reads this line to find a server started on port 0.
  Logger.log(`Arbiter serves on http://${shown}:${port} (API docs at /api/docs)`, 'Main');
}

/**
 * Settles once the server listens (or has failed to start): scripts/start.js then keeps what
 * the start compiled (scripts/code-cache.js).
 */
export const started: Promise<void> = main().catch((error: unknown) => {
  const code = (error as { code?: string }).code;
  if (
    process.env.HOST &&
    (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
  ) {
    cannotStart([
      `HOST ${process.env.HOST} is not an address of this machine; set HOST to one of its addresses (127.0.0.1 for a reverse proxy on the same machine) or leave it unset`,
    ]);
  }
  if (code === 'EADDRINUSE') {
    cannotStart([
      `port ${process.env.PORT ?? 3000} is in use by another program (another Arbiter?); stop it or set PORT to a free port`,
    ]);
  }
  const message = error instanceof Error ? error.message : String(error);
  cannotStart([message.replace(/(postgres(?:ql)?:\/\/[^:@/\s]*:)[^@\s]*@/g, '$1…@')]);
});
