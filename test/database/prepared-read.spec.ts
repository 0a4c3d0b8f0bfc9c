import { DataSource, QueryFailedError } from 'typeorm';
import { AuthToken } from '../../src/auth/auth-token.entity';
import { User } from '../../src/auth/user.entity';
import { databaseOptions } from '../../src/schema/database-options';
import {
  entityOf,
  readJoined,
  selectColumns,
  sqliteUtcDate,
  tableOf,
  valueOf,
} from '../../src/database/prepared-read';

/**
 * The hot reads' rows (a signed-in request's token with its user, a write's game with six
 * entities): entities hydrated as TypeORM hydrates them, an outer join's missing side null,
 * on SQLite read from a statement kept prepared, and on PostgreSQL when DATABASE_URL is set.
 */
const kinds: [string, () => DataSource][] = [
  ['SQLite', () => new DataSource(databaseOptions({ sqlitePath: ':memory:', synchronize: true }))],
];
if (process.env.DATABASE_URL) {
  const url = process.env.DATABASE_URL;
  kinds.push(['PostgreSQL', () => new DataSource(databaseOptions({ url }))]);
}

describe.each(kinds)('joined reads (%s)', (_kind, make) => {
  let ds: DataSource;
  let sql: string;
  const email = `reader-${process.pid}-${Date.now()}@example.org`;

  beforeAll(async () => {
    ds = make();
    await ds.initialize();
    const user = await ds.getRepository(User).save({
      email,
      name: 'Čitač',
      role: 'judge',
      passwordHash: 'x',
    } as User);
    await ds.getRepository(AuthToken).save({
      userId: user.id,
      tokenHash: `hash-${email}`,
      kind: 'api',
      expiresAt: new Date('2031-05-06T07:08:09.000Z'),
    } as AuthToken);
    const mark = ds.options.type === 'postgres' ? '$1' : '?';
    sql =
      `SELECT ${selectColumns(ds, User, 'user')}, ${selectColumns(ds, AuthToken, 'token')} ` +
      `FROM ${tableOf(ds, User)} "user" ` +
      `LEFT JOIN ${tableOf(ds, AuthToken)} "token" ON "token"."user_id" = "user"."id" ` +
      `WHERE "user"."email" = ${mark}`;
  }, 60000);

  afterAll(async () => {
    await ds.getRepository(User).delete({ email });
    await ds.destroy();
  });

  it('hydrates each entity of a row as TypeORM does: dates as dates, numbers as numbers', async () => {
    const [row] = await readJoined(ds.manager, sql, [email]);
    const user = entityOf(ds, User, 'user', row)!;
    const token = entityOf(ds, AuthToken, 'token', row)!;
    const byTypeOrm = await ds.getRepository(AuthToken).findOneByOrFail({ userId: user.id });
    expect(user).toBeInstanceOf(User);
    expect(user).toEqual(await ds.getRepository(User).findOneByOrFail({ id: user.id }));
    expect(user.name).toBe('Čitač');
    expect(token).toBeInstanceOf(AuthToken);
    expect(token).toEqual(byTypeOrm);
    expect(token.expiresAt.toISOString()).toBe('2031-05-06T07:08:09.000Z');
    expect(valueOf(row, 'token.kind')).toBe('api');
  });

  it("is null for an outer join's missing side, and reads the same statement again alike", async () => {
    await ds.getRepository(AuthToken).delete({ tokenHash: `hash-${email}` });
    const [row] = await readJoined(ds.manager, sql, [email]);
    expect(entityOf(ds, AuthToken, 'token', row)).toBeNull();
    expect(entityOf(ds, User, 'user', row)?.email).toBe(email);
    expect(await readJoined(ds.manager, sql, ['nobody@example.org'])).toEqual([]);
  });

  it('reads inside a transaction what the transaction wrote, and not after it rolled back', async () => {
    const other = `tx-${email}`;
    const seen = await ds
      .transaction(async (m) => {
        await m.getRepository(User).save({
          email: other,
          name: 'Privremeni',
          role: 'judge',
          passwordHash: 'x',
        } as User);
        const rows = await readJoined(m, sql, [other]);
        throw Object.assign(new Error('roll back'), { rows });
      })
      .catch((e: { rows: unknown[] }) => e.rows);
    expect(seen).toHaveLength(1);
    expect(await readJoined(ds.manager, sql, [other])).toEqual([]);
  });

  it('names a column the statement does not read, and fails as a TypeORM query fails', async () => {
    const [row] = await readJoined(ds.manager, sql, [email]);
    expect(() => valueOf(row, 'token.colour')).toThrow(
      'the statement reads no column token.colour',
    );
    await expect(readJoined(ds.manager, 'SELECT "nope" FROM "users"', [])).rejects.toBeInstanceOf(
      QueryFailedError,
    );
  });
});

describe('times as SQLite keeps them, read by their digits', () => {
  let ds: DataSource;
  beforeAll(async () => {
    ds = new DataSource(databaseOptions({ sqlitePath: ':memory:', synchronize: true }));
    await ds.initialize();
  });
  afterAll(() => ds.destroy());

  // [text as stored, the instant read (ISO), or null: left to the driver]
  const cases: [unknown, string | null][] = [
    ['2026-12-05 04:42:01', '2026-12-05T04:42:01.000Z'], // CURRENT_TIMESTAMP
    ['2026-12-05 04:42:01.123', '2026-12-05T04:42:01.123Z'], // as TypeORM writes a Date
    ['1999-01-01 00:00:00', '1999-01-01T00:00:00.000Z'],
    ['2031-05-28 23:59:59.999', '2031-05-28T23:59:59.999Z'],
    ['2024-02-29 12:00:00', null], // past the 28th: the driver knows the month's length
    ['2026-13-01 00:00:00', null], // no 13th month
    ['2026-12-05 24:00:00', null],
    ['2026-12-05 04:60:00', null],
    ['0099-12-05 04:42:01', null], // Date.UTC would read the year as 1999
    ['2026-12-05T04:42:01', null], // not as SQLite writes it
    ['2026-12-05 04:42:01Z', null],
    ['2026-12-05 04:42', null],
    ['2026-1a-05 04:42:01', null],
    [null, null],
    [1733373721000, null],
  ];
  const createdAt = () => ds.getMetadata(User).findColumnWithPropertyName('createdAt')!;

  it.each(cases)('%p', (text, iso) => {
    const read = sqliteUtcDate(text);
    expect(read === null ? null : read.toISOString()).toBe(iso);
    if (read !== null) {
      // The same instant as the driver's own reading.
      const driver = ds.driver.prepareHydratedValue(text, createdAt()) as Date;
      expect(read.getTime()).toBe(driver.getTime());
    }
  });
});
