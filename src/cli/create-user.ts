import { DataSource } from 'typeorm';
import { hashPassword } from '../auth/password';
import { addAccount } from '../auth/accounts';
import { databaseOptions } from '../schema/database-options';
import type { CommandResult } from './verify-command';

/** What `create-user` needs; the password never comes from the command line (it would sit in the shell history). */
export interface CreateUserInput {
  email?: string;
  name?: string;
  role?: string;
  password?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Creates an account in the database the server uses (DATABASE_URL, else
 * DATABASE_PATH, else data/arbiter.sqlite), migrating it first if it is new.
 */
export async function createUser(input: CreateUserInput): Promise<CommandResult> {
  const problems: string[] = [];
  const email = input.email?.trim().toLowerCase() ?? '';
  if (!EMAIL.test(email)) problems.push('--email must be an email address');
  if (!input.name?.trim()) problems.push('--name must be given');
  if (input.role !== 'organiser' && input.role !== 'judge')
    problems.push('--role must be organiser or judge');
  if (!input.password || input.password.length < 10) {
    problems.push(
      'the password (ARBITER_PASSWORD, or one line on standard input) must have at least 10 characters',
    );
  }
  if (problems.length > 0)
    return { exitCode: 2, stdout: '', stderr: problems.map((p) => `create-user: ${p}\n`).join('') };

  const dataSource = new DataSource(
    databaseOptions({
      url: process.env.DATABASE_URL || undefined,
      sqlitePath: process.env.DATABASE_PATH || undefined,
    }),
  );
  await dataSource.initialize();
  try {
    const passwordHash = await hashPassword(input.password!);
    const created = await dataSource.transaction((m) =>
      addAccount(m, {
        email,
        name: input.name!,
        role: input.role as 'organiser' | 'judge',
        passwordHash,
      }),
    );
    if (!created)
      return {
        exitCode: 2,
        stdout: '',
        stderr: `create-user: an account for ${email} already exists\n`,
      };
    return {
      exitCode: 0,
      stdout: `created ${created.role} ${created.email} (id ${created.id})${created.admin ? ', the site administrator' : ''}\n`,
      stderr: '',
    };
  } finally {
    await dataSource.destroy();
  }
}
