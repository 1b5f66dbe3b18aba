/**
 * The thread that owns a PGlite database (see pglite-thread.ts, its only user).
 *
 * PGlite is PostgreSQL compiled to WebAssembly: every query's CPU (parse, plan, execute, write-ahead
 * log, checkpoints) runs on the thread that calls it, and its promises resolve at once, so a queue of
 * queries from many requests ran back to back inside one turn of the server's event loop and held it
 * for up to a second under load. Here the database has a thread of its own and the event loop only
 * posts messages and reads answers.
 *
 * Plain JavaScript (not TypeScript): a worker thread gets no TypeScript loader under every runner
 * (vitest's forks have none), and this file needs none.
 *
 * Messages, one at a time in arrival order:
 *   { id, op: 'query', text, params, prepare?, rowMode?, session? } -> { id, rows }
 *   (a query may carry urgent: true, see PgliteThread.query in pglite-thread.ts)
 *   { id, op: 'exec', script, session? }                              -> { id }
 *   { id, op: 'acquire', begin? } -> { id, session }: from now on only messages of that session run
 *     (begin: a transaction is opened first)
 *   { id, op: 'release', session, end? } -> { id }: everyone else's messages run again, in their
 *     order (end: 'commit' or 'rollback' is run first)
 *   { id, op: 'dump' }      -> { id, bytes }: the data directory as a tar (test snapshots)
 *   { id, op: 'close' }     -> { id }, after PGlite closed (its files flushed)
 * A failure answers { id, error: { message, name, code, detail, ... } } with PostgreSQL's fields
 * (SQLSTATE in `code`), which the caller turns back into an Error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, protocol } from '@electric-sql/pglite';

/** int8 columns (money, ids, counts) come back as bigint, never as lossy numbers. */
const INT8_OID = 20;

const port = parentPort;
if (!port) throw new Error('pglite-thread.worker.mjs runs only as a worker thread');

/** @type {PGlite | undefined} */
let db;
try {
  db = await PGlite.create({
    ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
    ...(workerData.loadDataDir ? { loadDataDir: new Blob([workerData.loadDataDir]) } : {}),
    // Compiled once by the opener for all its threads.
    pgliteWasmModule: workerData.modules?.pglite,
    initdbWasmModule: workerData.modules?.initdb,
    parsers: { [INT8_OID]: (value) => BigInt(value) },
  });
} catch (error) {
  // The opener rejects with this; the thread then has nothing left to do and ends.
  port.postMessage({ ready: false, error: describeError(error) });
  port.close();
}

const queryPrepared = preparedQuery(db);

/**
 * Messages not yet run; while a session holds the database, only its own are taken. When it is free,
 * an urgent one goes first.
 */
const pending = [];
let owner = 0;
let lastSession = 0;
let running = false;

port.on('message', (message) => {
  pending.push(message);
  if (!running) void pump();
});

async function pump() {
  running = true;
  try {
    for (;;) {
      // Free: an urgent message first (PgliteThread.query in pglite-thread.ts), else the oldest.
      const at =
        owner === 0
          ? Math.max(
              0,
              pending.findIndex((m) => m.urgent),
            )
          : pending.findIndex((m) => m.session === owner);
      if (at < 0 || pending.length === 0) return;
      const [message] = pending.splice(at, 1);
      await handle(message);
    }
  } finally {
    running = false;
  }
}

async function handle(message) {
  const { id } = message;
  try {
    switch (message.op) {
      case 'query': {
        const rows = message.prepare
          ? await queryPrepared(message.prepare, message.text, message.params ?? [])
          : (
              await db.query(
                message.text,
                message.params ?? [],
                message.rowMode ? { rowMode: message.rowMode } : undefined,
              )
            ).rows;
        port.postMessage({ id, rows });
        return;
      }
      case 'exec':
        await db.exec(message.script);
        port.postMessage({ id });
        return;
      case 'acquire':
        // `begin` opens the caller's transaction in the same message: one round trip fewer while
        // everyone else waits.
        if (message.begin) await db.exec('begin');
        owner = ++lastSession;
        port.postMessage({ id, session: owner });
        return;
      case 'release':
        // `end` (commit or rollback) ends the transaction in the same message; the session ends
        // whether or not it succeeds (a failed commit has rolled back).
        try {
          if (message.end) await db.exec(message.end);
        } finally {
          if (owner === message.session) owner = 0;
        }
        port.postMessage({ id });
        return;
      case 'dump': {
        const blob = await db.dumpDataDir('none');
        const bytes = new Uint8Array(await blob.arrayBuffer());
        port.postMessage({ id, bytes }, [bytes.buffer]);
        return;
      }
      case 'close':
        await db.close();
        port.postMessage({ id });
        port.close();
        return;
      default:
        throw new Error(`unknown operation ${message.op}`);
    }
  } catch (error) {
    port.postMessage({ id, error: describeError(error) });
  }
}

/** The error as plain data: message, name and PostgreSQL's fields (code = SQLSTATE, detail, ...). */
function describeError(error) {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error' };
  const fields = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    const type = typeof value;
    if (type === 'string' || type === 'number' || type === 'boolean') fields[key] = value;
  }
  return fields;
}

const concatBytes = (parts) => {
  const all = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
};

/**
 * Named statements. PGlite's `query` parses, plans and describes the statement again on every call
 * and crosses into the WebAssembly engine six times (parse, describe, bind, describe, execute, sync);
 * here a statement is parsed and described once, and each call is one Bind/Execute/Sync exchange.
 * Values are converted with PGlite's own serializers and parsers, as `query` does. Runs under
 * PGlite's query lock, so it never interleaves with another query's messages.
 */
function preparedQuery(client) {
  const statements = new Map();
  const { serialize } = protocol;
  return (name, text, params) =>
    client.runExclusive(async () => {
      let statement = statements.get(name);
      if (!statement) {
        const { messages } = await client.execProtocol(
          concatBytes([
            serialize.parse({ name, text }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          ]),
        );
        const description = messages.find((m) => m.name === 'parameterDescription');
        const rows = messages.find((m) => m.name === 'rowDescription');
        statement = {
          paramTypes: description?.dataTypeIDs ?? [],
          fields: (rows?.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        };
        statements.set(name, statement);
      }
      const types = statement.paramTypes;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = client.serializers[types[i]];
        return serializer ? serializer(value) : String(value);
      });
      const { messages } = await client.execProtocol(
        concatBytes([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]),
      );
      const fields = statement.fields;
      const rows = [];
      for (const message of messages) {
        if (message.name !== 'dataRow') continue;
        const row = {};
        message.fields.forEach((value, i) => {
          const field = fields[i];
          const parser = client.parsers[field.dataTypeID];
          row[field.name] = value === null ? null : parser ? parser(value, field.dataTypeID) : value;
        });
        rows.push(row);
      }
      return rows;
    });
}

if (db) port.postMessage({ ready: true });
