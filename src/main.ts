import { Logger } from '@nestjs/common';
import { createApp } from './app';

async function main(): Promise<void> {
  const app = await createApp();
  await app.listen(Number(process.env.PORT ?? 3000));
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : process.env.PORT;
  // The e2e harness reads this line to find a server started on port 0.
  Logger.log(`Arbiter serves on http://localhost:${port} (API docs at /api/docs)`, 'Main');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
