/**
 * The thread that owns the studio's PGlite database when the studio is embedded in the platform's
 * process (see pglite-worker-client.ts, its only user).
 *
 * Plain JavaScript: a worker thread gets no TypeScript loader under every runner.
 *
 * Two ways in:
 * - the parent port, one message at a time in arrival order:
 *     { id, op: 'query', text, params } -> { id, rows }
 *     { id, op: 'exec', script }        -> { id }
 *     { id, op: 'begin' }               -> { id }: a transaction is open; from now on only the
 *       transaction port is served, until its 'commit' or 'rollback'
 *     { id, op: 'close' }               -> { id }, after PGlite closed (its files flushed)
 * - the transaction port, while a transaction is open: { op: 'query', text, params } and
 *   { op: 'commit' | 'rollback' }, each with a sequence number `seq`. Each answer ({ seq, rows } or
 *   { seq }) is posted on that port, then the shared flag is set to its seq and notified: the caller
 *   waits for it with Atomics.wait and reads the answer with receiveMessageOnPort, without a turn of
 *   its event loop. A transaction so holds the database
 *   for the time its statements take, not for a round trip through a busy event loop per statement.
 * A failure answers { error: { message, name, code, constraint, ... } } (PostgreSQL's fields).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** int8 columns (money, ids) come back as bigint, never as lossy numbers. */
const INT8_OID = 20;

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs only as a worker thread');
/** @type {MessagePort} */
const txPort = workerData.txPort;
const flag = new Int32Array(workerData.flag);

/** @type {PGlite | undefined} */
let db;
try {
  db = await PGlite.create({
    ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
    pgliteWasmModule: workerData.modules?.pglite,
    initdbWasmModule: workerData.modules?.initdb,
    parsers: { [INT8_OID]: (value) => BigInt(value) },
  });
} catch (error) {
  port.postMessage({ ready: false, error: describeError(error) });
  port.close();
}

const pending = [];
let running = false;
/** Set while a transaction is open: resolves when it ends. */
let endTransaction = null;

port.on('message', (message) => {
  pending.push(message);
  if (!running) void pump();
});

txPort.on('message', async (message) => {
  let answer;
  try {
    if (message.op === 'query') answer = { rows: (await db.query(message.text, message.params ?? [])).rows };
    else if (message.op === 'commit' || message.op === 'rollback') {
      try {
        await db.exec(message.op);
      } finally {
        endTransaction?.();
      }
      answer = {};
    } else throw new Error(`unknown operation ${message.op}`);
  } catch (error) {
    answer = { error: describeError(error) };
  }
  // The answer names its request, and the flag says which was answered last: the caller never takes
  // one statement's answer for another's.
  txPort.postMessage({ seq: message.seq, ...answer });
  Atomics.store(flag, 0, message.seq);
  Atomics.notify(flag, 0);
});

async function pump() {
  running = true;
  try {
    while (pending.length > 0) await handle(pending.shift());
  } finally {
    running = false;
  }
}

async function handle(message) {
  const { id } = message;
  try {
    switch (message.op) {
      case 'query':
        port.postMessage({ id, rows: (await db.query(message.text, message.params ?? [])).rows });
        return;
      case 'exec':
        await db.exec(message.script);
        port.postMessage({ id });
        return;
      case 'begin': {
        await db.exec('begin');
        const ended = new Promise((resolve) => {
          endTransaction = resolve;
        });
        port.postMessage({ id });
        // Nothing else runs until the transaction port ends it.
        await ended;
        endTransaction = null;
        return;
      }
      case 'close':
        await db.close();
        port.postMessage({ id });
        port.close();
        txPort.close();
        return;
      default:
        throw new Error(`unknown operation ${message.op}`);
    }
  } catch (error) {
    port.postMessage({ id, error: describeError(error) });
  }
}

/** The error as plain data: message, name and PostgreSQL's fields (code = SQLSTATE, constraint, ...). */
function describeError(error) {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error' };
  const fields = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    const type = typeof value;
    if (type === 'string' || type === 'number' || type === 'boolean') fields[key] = value;
  }
  return fields;
}

if (db) port.postMessage({ ready: true });
