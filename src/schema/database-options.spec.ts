import { existsSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join, resolve } from 'path';
import { DataSource } from 'typeorm';
import { databaseOptions } from './database-options';

describe('databaseOptions', () => {
  it("takes ':memory:' as SQLite's database in memory, not as a file name", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-options-'));
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const options = databaseOptions({ sqlitePath: ':memory:', synchronize: true });
      expect(options).toMatchObject({ type: 'better-sqlite3', database: ':memory:' });
      const source = new DataSource(options);
      await source.initialize();
      await source.query('SELECT 1');
      await source.destroy();
      expect(existsSync(join(dir, ':memory:'))).toBe(false);
    } finally {
      process.chdir(cwd);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('resolves a file against the working folder and makes its folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-options-'));
    try {
      const file = join(dir, 'nested', 'arbiter.sqlite');
      expect(databaseOptions({ sqlitePath: file })).toMatchObject({ database: resolve(file) });
      expect(existsSync(join(dir, 'nested'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
