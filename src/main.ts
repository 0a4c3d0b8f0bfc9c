import { Logger } from '@nestjs/common';
import { validateEnvironment } from './config';
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
  await app.listen(Number(process.env.PORT ?? 3000));
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : process.env.PORT;
  // The e2e harness reads this line to find a server started on port 0.
  Logger.log(`Arbiter serves on http://localhost:${port} (API docs at /api/docs)`, 'Main');
}

/**
 * Settles once the server listens (or has failed to start): scripts/start.js then keeps what
 * the start compiled (scripts/code-cache.js).
 */
export const started: Promise<void> = main().catch((error: unknown) => {
  if ((error as { code?: string }).code === 'EADDRINUSE') {
    cannotStart([
      `port ${process.env.PORT ?? 3000} is in use by another program (another Arbiter?); stop it or set PORT to a free port`,
    ]);
  }
  const message = error instanceof Error ? error.message : String(error);
  cannotStart([message.replace(/(postgres(?:ql)?:\/\/[^:@/\s]*:)[^@\s]*@/g, '$1…@')]);
});
