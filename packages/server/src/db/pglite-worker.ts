import { Worker } from 'node:worker_threads';
import { PGLITE_CONF } from './planner.js';

/**
 * The worker's program, plain JavaScript (it runs the same under tsx, vitest and the built server):
 * it owns the PGlite database and answers one message per query. PGlite runs queries one at a time
 * on its single connection, as it does in-process.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const fs = require('node:fs');
const path = require('node:path');
const load = createRequire(workerData.base);
const { PGlite, protocol, parse: results } = load('@electric-sql/pglite');
const { serialize } = protocol;
const { pg_trgm } = load('@electric-sql/pglite/contrib/pg_trgm');
const same = (value) => value;
const asText = {};
for (const oid of workerData.textTypes) asText[oid] = same;
const errorOf = (error) => {
  const out = { message: String(error && error.message ? error.message : error) };
  if (error && typeof error === 'object')
    for (const key of Object.keys(error)) {
      const value = error[key];
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
    }
  return out;
};
const joined = (parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
// Statements the server named, parsed (and, after a few runs, planned) once by PostgreSQL and then
// only bound and executed: PGlite's own query parses and describes every statement on every call,
// six protocol messages where a named one needs three (Bind, Execute, Sync in one buffer).
const statements = new Map();
const prepare = async (db, m) => {
  const old = statements.get(m.name);
  if (old && old.sql === m.sql) return old;
  statements.delete(m.name);
  if (old) await db.execProtocol(joined([serialize.close({ type: 'S', name: m.name }), serialize.sync()]));
  const r = await db.execProtocol(
    joined([serialize.parse({ name: m.name, text: m.sql, types: [] }), serialize.describe({ type: 'S', name: m.name }), serialize.sync()]),
  );
  const s = {
    sql: m.sql,
    params: r.messages.find((x) => x.name === 'parameterDescription')?.dataTypeIDs ?? [],
    row: r.messages.find((x) => x.name === 'rowDescription'),
  };
  statements.set(m.name, s);
  return s;
};
const runNamed = async (db, m, again = true) => {
  const s = await prepare(db, m);
  // Parameters and rows converted as PGlite's query converts them (its serializers and parsers).
  const values = serializeParams(db, m.params, s.params);
  try {
    const r = await db.execProtocol(joined([serialize.bind({ statement: m.name, values }), serialize.execute({}), serialize.sync()]));
    const messages = s.row ? [s.row, ...r.messages] : r.messages;
    return results.parseResults(messages, db.parsers, { rowMode: m.rowMode, parsers: m.text ? asText : undefined })[0];
  } catch (error) {
    // Gone (DEALLOCATE, DISCARD): parsed again once.
    if (again && error && error.code === '26000') {
      statements.delete(m.name);
      return runNamed(db, m, false);
    }
    throw Object.assign(error, { query: m.sql });
  }
};
const serializeParams = (db, params, types) =>
  (params ?? []).map((v, i) => {
    if (v === null || v === undefined) return null;
    const serializer = db.serializers[types[i]];
    return serializer ? serializer(v) : v.toString();
  });
// PGlite's query without its round trips: Parse and Describe, then Bind, Describe, Execute and Sync,
// two calls into the database where PGlite's query makes six (same messages, same conversions).
const runUnnamed = async (db, m) => {
  let described;
  try {
    described = await db.execProtocol(
      joined([serialize.parse({ text: m.sql, types: [] }), serialize.describe({ type: 'S' })]),
    );
  } catch (error) {
    await db.execProtocol(serialize.sync()).catch(() => undefined);
    throw Object.assign(error, { query: m.sql });
  }
  const types = described.messages.find((x) => x.name === 'parameterDescription')?.dataTypeIDs ?? [];
  const values = serializeParams(db, m.params, types);
  let r;
  try {
    r = await db.execProtocol(
      joined([serialize.bind({ values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
    );
  } catch (error) {
    throw Object.assign(error, { query: m.sql });
  }
  return results.parseResults(r.messages, db.parsers, { rowMode: m.rowMode, parsers: m.text ? asText : undefined })[0];
};
(async () => {
  // A new data directory starts as a copy of the build's template (pgdata-template.ts, copyTemplate):
  // PG_VERSION last, so a copy cut short is made again at the next start.
  const template = workerData.template;
  if (template && !fs.existsSync(path.join(workerData.dataDir, 'PG_VERSION'))) {
    const marker = path.join(template, 'PG_VERSION');
    fs.cpSync(template, workerData.dataDir, { recursive: true, force: true, filter: (source) => source !== marker });
    fs.copyFileSync(marker, path.join(workerData.dataDir, 'PG_VERSION'));
  }
  // An in-memory database may start from a dumpDataDir() tarball instead of initdb (the tests' template).
  const loadDataDir = workerData.dump ? new Blob([fs.readFileSync(workerData.dump)]) : undefined;
  const db = await PGlite.create(workerData.dataDir ?? undefined, { extensions: { pg_trgm }, loadDataDir, postgresqlconf: workerData.conf });
  await db.exec(workerData.setup);
  // One message after another, in the order they came (the server sends several ahead).
  let last = Promise.resolve();
  const handle = async (m) => {
    try {
      let result;
      if (m.op === 'query') result = await db._runExclusiveQuery(() => (m.name ? runNamed(db, m) : runUnnamed(db, m)));
      else if (m.op === 'exec') result = await db.exec(m.sql);
      else if (m.op === 'close') result = await db.close();
      parentPort.postMessage({ id: m.id, result });
    } catch (error) {
      parentPort.postMessage({ id: m.id, error: errorOf(error) });
    }
  };
  parentPort.on('message', (m) => {
    last = last.then(() => handle(m));
  });
  parentPort.postMessage({ id: 0, result: 'ready' });
})().catch((error) => parentPort.postMessage({ id: 0, error: errorOf(error) }));
`;

/** The API's statements sent to the worker before the one it runs ends (startPgliteWorker). */
export const IN_FLIGHT = 16;

/** Timestamps, dates, intervals and numeric/time arrays: drizzle reads them as text (its pglite driver's parsers). */
const TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

interface Results {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

type Pending = { resolve: (value: never) => void; reject: (error: Error) => void };

/** What drizzle's pglite driver calls on its client: query, exec and transaction. */
export interface PgliteLike {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(fn: (tx: PgliteLike) => Promise<T>): Promise<T>;
  /** The same database for device traffic: its statements go after the API's (startPgliteWorker). */
  lowPriority?(): PgliteLike;
  /**
   * Marks `sql` as a named statement (what `.prepare(name)` means on PostgreSQL): the worker parses it
   * once and then only binds and executes it (openPglite registers drizzle's named statements).
   */
  nameStatement?(sql: string): void;
  close(): Promise<void>;
}

/**
 * PGlite in a worker thread: the server's thread only sends the SQL and receives the rows, so a long
 * query (a snapshot of every device, a report, a bulk import) no longer stops HTTP, MQTT and the
 * realtime channel. The client drizzle sees keeps PGlite's semantics: one connection, transactions
 * one after another, and a query outside a transaction waits while one is open (as PGlite's own
 * `query` waits for its transaction mutex): sent at once, it would run inside that transaction, roll
 * back with it, or abort it (a VACUUM refused in a transaction block).
 * Answered at once: the database opens in the worker while this thread goes on (at start the server
 * builds its routes meanwhile); calls wait until it is open, and fail with its error if it did not open.
 * `template`: a data folder to copy into the new `dataDir` first (pgdata-template.ts); `dump`: a file
 * written from PGlite's dumpDataDir() the database starts from instead (test-database.ts).
 */
export function startPgliteWorker(
  dataDir: string | null,
  setup: string,
  template: string | null = null,
  dump: string | null = null,
): PgliteLike {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { dataDir, setup, template, dump, base: import.meta.url, textTypes: TEXT_TYPES, conf: PGLITE_CONF },
    // The worker needs none of the server's loaders (tsx, vitest): plain JavaScript.
    execArgv: [],
  });
  const pending = new Map<number, Pending>();
  let next = 1;
  let failed: Error | null = null;
  let settle!: { resolve: () => void; reject: (error: Error) => void };
  const ready = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  worker.on('message', (m: { id: number; result?: unknown; error?: { message: string } }) => {
    if (m.id === 0) {
      if (m.error) settle.reject(Object.assign(new Error(m.error.message), m.error));
      else settle.resolve();
      return;
    }
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error) p.reject(Object.assign(new Error(m.error.message), m.error));
    else p.resolve(m.result as never);
  });
  const fail = (error: Error) => {
    failed = error;
    settle.reject(error);
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The database worker stopped (exit code ${code})`)));
  // Nobody may be waiting yet: the failure is answered to the calls.
  ready.catch(() => undefined);

  const post = <T>(message: Record<string, unknown>): Promise<T> => {
    if (failed) return Promise.reject(failed);
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: never) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };
  let opened = false;
  /**
   * Statements go to the worker in order, the API's first: device traffic's (`lowPriority`) only when
   * none of the API's waits or runs and no transaction is open (it would run inside it). PGlite has
   * one connection: without this an API query waits behind every ingest statement sent before it.
   * Up to IN_FLIGHT of the API's are sent ahead: the worker runs them one after another in the order
   * they came (PGlite's query lock), but starts the next without waiting for this thread to send it.
   */
  type Job = { message: Record<string, unknown>; resolve(value: unknown): void; reject(error: Error): void };
  const urgent: Job[] = [];
  const background: Job[] = [];
  let inFlight = 0;
  let inTransaction = false;
  /** Set for one turn of the event loop after an API statement: its request's next one comes then. */
  let grace = false;
  const send = (job: Job, isUrgent: boolean) => {
    inFlight++;
    post(job.message)
      .then(job.resolve, job.reject)
      .finally(() => {
        inFlight--;
        if (isUrgent && !grace) {
          grace = true;
          setImmediate(() => {
            grace = false;
            dispatch();
          });
        }
        dispatch();
      });
  };
  const dispatch = () => {
    while (urgent.length > 0 && inFlight < IN_FLIGHT) send(urgent.shift()!, true);
    if (inFlight === 0 && urgent.length === 0 && !inTransaction && !grace && background.length > 0)
      send(background.shift()!, false);
  };
  const enqueue = <T>(message: Record<string, unknown>, low: boolean): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      (low ? background : urgent).push({ message, resolve: resolve as (value: unknown) => void, reject });
      dispatch();
    });
  const call = <T>(message: Record<string, unknown>, low = false): Promise<T> =>
    opened
      ? enqueue<T>(message, low)
      : ready.then(() => {
          opened = true;
          return enqueue<T>(message, low);
        });
  /** Named statements by their SQL: one name each, unique in the worker. */
  const names = new Map<string, string>();
  const queryAs =
    (low: boolean) =>
    (sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
      call<Results>(
        {
          op: 'query',
          sql,
          params,
          rowMode: options.rowMode ?? 'object',
          text: Boolean(options.parsers),
          name: names.get(sql),
        },
        low,
      );
  const query = queryAs(false);
  const exec = (sql: string) => call<Results[]>({ op: 'exec', sql });

  /** The end of the last transaction begun: what a statement from outside waits for. */
  let transactions: Promise<unknown> = Promise.resolve();
  let open = 0;
  /** A statement outside any transaction: at once when none is open, else after the open ones end. */
  const outside = <T>(send: () => Promise<T>): Promise<T> => (open === 0 ? send() : transactions.then(send, send));
  const client: PgliteLike = {
    query: (sql, params, options) => outside(() => query(sql, params, options)),
    exec: (sql) => outside(() => exec(sql)),
    transaction<T>(fn: (tx: PgliteLike) => Promise<T>): Promise<T> {
      // The transaction's own statements go straight to the worker (drizzle nests with savepoints
      // through them, never through `transaction`).
      const inside: PgliteLike = { ...client, query, exec };
      const run = async () => {
        inTransaction = true;
        try {
          await exec('BEGIN');
          try {
            const result = await fn(inside);
            await exec('COMMIT');
            return result;
          } catch (error) {
            await exec('ROLLBACK').catch(() => undefined);
            throw error;
          }
        } finally {
          inTransaction = false;
          dispatch();
        }
      };
      open++;
      const result = transactions.then(run, run);
      transactions = result.then(
        () => open--,
        () => open--,
      );
      return result;
    },
    nameStatement(sql) {
      if (!names.has(sql)) names.set(sql, `s${names.size + 1}`);
    },
    lowPriority: () => ({
      ...client,
      query: (sql, params, options) => outside(() => queryAs(true)(sql, params, options)),
      exec: (sql) => outside(() => call<Results[]>({ op: 'exec', sql }, true)),
    }),
    async close() {
      if (!failed) await call({ op: 'close' }).catch(() => undefined);
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
  return client;
}
