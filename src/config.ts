/** Environment variables Arbiter reads, checked at boot so a bad value stops it with a clear message. */
export interface Environment {
  PORT: string;
  DATABASE_URL?: string;
  DATABASE_PATH?: string;
  DATABASE_SYNCHRONIZE?: string;
  ORGANISER_EMAIL?: string;
  ORGANISER_PASSWORD?: string;
  ORGANISER_NAME?: string;
}

/** For `ConfigModule.forRoot({ validate })`: throws one error listing every bad variable. */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const problems: string[] = [];
  const env = {
    ...raw,
    PORT: typeof raw.PORT === 'string' || typeof raw.PORT === 'number' ? String(raw.PORT) : '3000',
  } as Environment & Record<string, unknown>;
  const port = Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`PORT must be a port number, not '${env.PORT}'`);
  if (env.DATABASE_URL && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
    problems.push('DATABASE_URL must be a postgres:// URL (leave it unset for SQLite under data/)');
  }
  if (env.ORGANISER_EMAIL && !env.ORGANISER_PASSWORD)
    problems.push('ORGANISER_EMAIL is set but ORGANISER_PASSWORD is not');
  if (env.ORGANISER_PASSWORD && env.ORGANISER_PASSWORD.length < 10) {
    problems.push('ORGANISER_PASSWORD must have at least 10 characters');
  }
  if (problems.length > 0) throw new Error(`Arbiter cannot start:\n- ${problems.join('\n- ')}`);
  return env;
}
