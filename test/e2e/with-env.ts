import { startTestApp, TestApp } from './harness';

/**
 * A test server started with more environment variables: the child takes the
 * environment as it is when it starts, so they are set for that moment only.
 */
export async function startWithEnv(env: Record<string, string>): Promise<TestApp> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    return await startTestApp();
  } finally {
    for (const name of Object.keys(env)) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  }
}
