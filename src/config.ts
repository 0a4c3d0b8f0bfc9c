/** Environment variables Arbiter reads, checked at boot so a bad value stops it with a clear message. */
export interface Environment {
  PORT: string;
  DATABASE_URL?: string;
  DATABASE_PATH?: string;
  DATABASE_SYNCHRONIZE?: string;
  DATABASE_LOG?: string;
  LIVE_CONNECTIONS?: string;
  BACKUP_KEEP?: string;
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
  if (env.DATABASE_LOG && env.DATABASE_LOG !== 'queries')
    problems.push(`DATABASE_LOG must be 'queries' or unset, not '${env.DATABASE_LOG}'`);
  if (env.LIVE_CONNECTIONS !== undefined && !/^\d{1,6}$/.test(env.LIVE_CONNECTIONS))
    problems.push(
      `LIVE_CONNECTIONS must be a whole number of live-update connections, not '${env.LIVE_CONNECTIONS}'`,
    );
  if (
    env.BACKUP_KEEP !== undefined &&
    (!/^\d{1,4}$/.test(env.BACKUP_KEEP) || Number(env.BACKUP_KEEP) < 1)
  )
    problems.push(
      `BACKUP_KEEP must be how many backups to keep, a whole number from 1, not '${env.BACKUP_KEEP}'`,
    );
  if (env.ORGANISER_EMAIL && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(env.ORGANISER_EMAIL))
    problems.push(
      `ORGANISER_EMAIL must be an email address, not '${env.ORGANISER_EMAIL.slice(0, 80)}'`,
    );
  if (env.ORGANISER_NAME !== undefined && env.ORGANISER_NAME.trim().length > 200)
    problems.push(
      `ORGANISER_NAME has ${env.ORGANISER_NAME.trim().length} characters; a name may have at most 200`,
    );
  if (env.ORGANISER_EMAIL && !env.ORGANISER_PASSWORD)
    problems.push('ORGANISER_EMAIL is set but ORGANISER_PASSWORD is not');
  if (env.ORGANISER_PASSWORD && env.ORGANISER_PASSWORD.length < 10) {
    problems.push('ORGANISER_PASSWORD must have at least 10 characters');
  }
  if (problems.length > 0) throw new Error(`Arbiter cannot start:\n- ${problems.join('\n- ')}`);
  return env;
}
