import { eq, inArray, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from './client.js';
import { type PgliteLike, startPgliteWorker } from './pglite-worker.js';

/**
 * The embedded database's statements: those the server names (`.prepare(name)`) are parsed once and
 * then only bound and executed; several are sent to the worker ahead and run in the order they came.
 */
const probes = pgTable('statement_probe', {
  id: serial('id').primaryKey(),
  n: integer('n').notNull(),
  label: text('label'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

let client: PgliteLike;
let database: Database;
// A new in-memory database runs initdb in the worker first: slow beside other suites.
beforeAll(async () => {
  client = startPgliteWorker(null, '');
  database = await openPglite(null, { worker: client });
  await database.db.execute(
    sql`CREATE TABLE statement_probe (id serial PRIMARY KEY, n int NOT NULL UNIQUE, label text, at timestamptz NOT NULL DEFAULT now())`,
  );
  await database.db.insert(probes).values([
    { n: 1, label: 'one' },
    { n: 2, label: null },
    { n: 3, label: 'three' },
  ]);
}, 120_000);
afterAll(() => database.close());

const named = async () =>
  (await client.query('SELECT name FROM pg_prepared_statements WHERE NOT from_sql')).rows as { name: string }[];

describe('a statement the server names', () => {
  it('answers what the same statement answers unnamed, and is parsed once', async () => {
    const db = database.db;
    const query = () =>
      db
        .select({ id: probes.id, n: probes.n, label: probes.label, at: probes.at })
        .from(probes)
        .where(sql`${probes.n} = any(${sql.placeholder('ns')})`)
        .orderBy(probes.n);
    const before = (await named()).length;
    const prepared = query().prepare('probe_by_ns');
    const unnamed = await db
      .select({ id: probes.id, n: probes.n, label: probes.label, at: probes.at })
      .from(probes)
      .where(inArray(probes.n, [1, 2]))
      .orderBy(probes.n);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await prepared.execute({ ns: [1, 2] }));
    expect(unnamed.map((r) => r.label)).toEqual(['one', null]);
    expect(unnamed[0]!.at).toBeInstanceOf(Date);
    for (const answer of answers) expect(answer).toEqual(unnamed);
    // One statement more in the database, whatever the number of runs.
    expect((await named()).length).toBe(before + 1);
  });

  it('is parsed again when the database forgot it', async () => {
    const db = database.db;
    const byN = db
      .select({ label: probes.label })
      .from(probes)
      .where(eq(probes.n, sql.placeholder('n')))
      .prepare('probe_by_n');
    expect(await byN.execute({ n: 3 })).toEqual([{ label: 'three' }]);
    await db.execute(sql`DEALLOCATE ALL`);
    expect(await byN.execute({ n: 1 })).toEqual([{ label: 'one' }]);
  });

  it('fails with the database error and its code, and the next statement runs', async () => {
    const db = database.db;
    const insert = db
      .insert(probes)
      .values({ n: sql.placeholder('n') as never, label: 'again' })
      .prepare('probe_insert');
    const conflict = await insert.execute({ n: 1 }).catch((e: Error) => e);
    expect((conflict as { cause?: { code?: string } }).cause?.code).toBe('23505');
    await insert.execute({ n: 4 });
    const rows = await db.select({ n: probes.n }).from(probes).where(eq(probes.label, 'again'));
    expect(rows).toEqual([{ n: 4 }]);
  });
});

describe('statements sent ahead', () => {
  it('run in the order they were made, named and unnamed, and an error stops only its own', async () => {
    const db = database.db;
    await db.execute(sql`CREATE TABLE statement_order (seq serial PRIMARY KEY, n int NOT NULL)`);
    // The odd ones named, the even ones not.
    client.nameStatement!('INSERT INTO statement_order (n) VALUES ($1)');
    const sent = Array.from({ length: 40 }, (_, i) =>
      i === 20
        ? client
            .query('INSERT INTO statement_order (n) VALUES (no_such_column)')
            .catch((e: { code?: string }) => e.code)
        : client.query(
            i % 2 ? 'INSERT INTO statement_order (n) VALUES ($1)' : 'INSERT INTO statement_order (n) SELECT $1::int',
            [i],
          ),
    );
    const answers = await Promise.all(sent);
    expect(answers[20]).toBe('42703');
    const rows = (await client.query('SELECT n FROM statement_order ORDER BY seq')).rows as { n: number }[];
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 40 }, (_, i) => i).filter((i) => i !== 20));
  });

  it('never run inside a transaction opened after them', async () => {
    await client.query('CREATE TABLE statement_outside (n int)');
    // Made before the transaction, all in flight when it begins: none is rolled back with it.
    const before = Array.from({ length: 10 }, (_, i) => client.query('INSERT INTO statement_outside VALUES ($1)', [i]));
    const tx = client
      .transaction(async (inside) => {
        await inside.query('INSERT INTO statement_outside VALUES (100)');
        throw new Error('rolled back');
      })
      .catch((e: Error) => e.message);
    await Promise.all(before);
    expect(await tx).toBe('rolled back');
    const rows = (await client.query('SELECT n FROM statement_outside ORDER BY n')).rows as { n: number }[];
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 10 }, (_, i) => i));
  });
});
