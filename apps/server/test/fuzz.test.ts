import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeVerdict, verifyLedger } from '../src/modules/ledger/ledger-verify';
import { runSeeders } from '../src/seed/run-seeders';
import { demoSeedersWithoutHistory } from '../src/seed/seeders';
import { buildTestApp, type TestApp } from './helper';

/**
 * Property-based fuzzing of the whole API from its own OpenAPI document: for every operation,
 * requests with inputs derived from its schema and broken on purpose (wrong types, missing fields,
 * huge or NUL-carrying strings, lone surrogates, negative, huge and fractional numbers, odd content
 * types, garbage JSON, long path parameters), with and without a session and the operator key. No
 * answer may be a 500 or leave the envelope (the vendor wallet: its own `{status, …}` form), and the
 * ledger must verify clean afterwards. FUZZ_SEED and FUZZ_RUNS vary a run; a failure names them.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 12);
const OPERATOR_KEY = 'operator-key-for-the-api-fuzz-test';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};
type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
};
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** Values that break a field: every wrong type, and the edge of every right one. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -0.000001,
    1e308,
    -1e308,
    2 ** 53,
    2 ** 63,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    'a\u0000b',
    '\u0000',
    '\ud800',
    'x\udfff',
    '😀',
    '1e999',
    '-0',
    'NaN',
    'null',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '2026-13-45',
    '9'.repeat(40),
    [],
    {},
    [null],
    { $gt: '' },
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant('x'.repeat(70_000)),
);

function typesOf(schema: JsonSchema): string[] {
  if (schema.type) return Array.isArray(schema.type) ? schema.type : [schema.type];
  return [];
}

/** A value that fits the schema as well as a quick reading allows (to get past validation). */
function plausible(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostile;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => plausible(s, depth + 1)));
  if (schema.allOf?.length) return plausible(Object.assign({}, ...schema.allOf), depth + 1);
  const type = typesOf(schema).find((t) => t !== 'null') ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000, -1_000_000_000),
        max: Math.min(schema.maximum ?? 1_000_000, 1_000_000_000),
      });
    case 'number':
      return fc.double({
        min: Math.max(schema.minimum ?? -1_000, -1e9),
        max: Math.min(schema.maximum ?? 1e6, 1e9),
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.format === 'date')
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (schema.pattern) {
        try {
          return fc
            .stringMatching(new RegExp(schema.pattern))
            .filter((s) => s.length <= (schema.maxLength ?? 200));
        } catch {
          // A pattern fast-check cannot read: any short string.
        }
      }
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 24, 64) });
    }
    case 'array':
      return fc.array(plausible(schema.items, depth + 1), { maxLength: 4 });
    case 'object':
      return objectOf(schema, depth);
    default:
      return hostile;
  }
}

/** An object for the schema: each field plausible, hostile or left out; now and then a stray field. */
function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {});
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, fieldSchema] of fields) {
    record[name] = fc.oneof(
      { weight: 6, arbitrary: plausible(fieldSchema, depth + 1) },
      { weight: 2, arbitrary: hostile },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  }
  return fc
    .tuple(fc.record(record), fc.option(fc.tuple(fc.string({ maxLength: 12 }), hostile)))
    .map(([obj, extra]) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(obj)) if (value !== undefined) out[key] = value;
      if (extra) out[extra[0]] = extra[1];
      return out;
    });
}

/** A path or query value as text: plausible, hostile, or a path parameter far over the length limit. */
const paramText = (schema: JsonSchema | undefined) =>
  fc
    .oneof(
      { weight: 5, arbitrary: plausible(schema) },
      { weight: 3, arbitrary: hostile },
      { weight: 1, arbitrary: fc.constant('p'.repeat(150)) },
    )
    .map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));

type Body = { payload?: string; contentType?: string };
const garbage = fc.constantFrom(
  '{',
  '{"a":',
  '[1,2',
  'null',
  '"just a string"',
  '1e999',
  '\u0000',
  '{"__proto__":{"x":1}}',
  'x'.repeat(5000),
);

function bodyOf(schema: JsonSchema | undefined): fc.Arbitrary<Body> {
  const json = plausible(schema ?? { type: 'object' }).map((v) => JSON.stringify(v) ?? 'null');
  return fc.oneof(
    { weight: 6, arbitrary: json.map((payload) => ({ payload, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: hostile.map((v) => ({
        payload: JSON.stringify(v) ?? 'null',
        contentType: 'application/json',
      })),
    },
    { weight: 1, arbitrary: garbage.map((payload) => ({ payload, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          json,
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=xyz',
            'application/json; charset=latin1',
            'application/xml',
            'application/json, text/plain',
            '',
          ),
        )
        .map(([payload, contentType]) => ({ payload, contentType })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

type Auth = 'none' | 'member' | 'operator' | 'stale';

type Probe = {
  path: Record<string, string>;
  query: Record<string, string>;
  body: Body;
  auth: Auth;
};

function probesFor(operation: Operation): fc.Arbitrary<Probe> {
  const parameters = operation.parameters ?? [];
  const inPath = parameters.filter((p) => p.in === 'path');
  const inQuery = parameters.filter((p) => p.in === 'query');
  const path: Record<string, fc.Arbitrary<string>> = {};
  for (const p of inPath) path[p.name] = paramText(p.schema);
  const query: Record<string, fc.Arbitrary<string | undefined>> = {};
  for (const p of inQuery) query[p.name] = fc.option(paramText(p.schema), { nil: undefined, freq: 3 });
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  return fc.record({
    path: fc.record(path),
    query: fc
      .record(query)
      .map(
        (q) =>
          Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as Record<string, string>,
      ),
    body: bodyOf(bodySchema),
    auth: fc.constantFrom<Auth>('none', 'member', 'member', 'operator', 'stale'),
  });
}

/** Percent-encodes a value; a lone surrogate (no UTF-8 form) goes as the bytes a sloppy client sends. */
function encodePart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split('')
      .map((ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch)))
      .join('');
  }
}

describe('API fuzzing from the OpenAPI document', () => {
  let t: TestApp;
  let memberId: bigint;
  beforeAll(async () => {
    t = await buildTestApp({ operatorApiKey: OPERATOR_KEY });
    // Demo games, content and payment channels, so probes get past "not found" into the services
    // (not the 90 days of play: nothing here reads them, and they take longer than the fuzzing).
    await runSeeders(t.app, demoSeedersWithoutHistory);
    const password = 'fuzzing pass 1';
    const registered = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      payload: { username: 'fuzzer01', password, confirmPassword: password },
    });
    const token = registered.json().value.token as string;
    memberId = BigInt((await t.app.inject({ url: '/wps/member/info', headers: { token } })).json().value.id);
  });
  afterAll(() => t.app.close());

  async function send(app: FastifyInstance, method: string, route: string, probe: Probe) {
    let url = route.replace(/\{([^}]+)\}/g, (_, name: string) => encodePart(probe.path[name] ?? ''));
    const query = Object.entries(probe.query)
      .map(([key, value]) => `${encodePart(key)}=${encodePart(value)}`)
      .join('&');
    if (query) url += `?${query}`;
    const headers: Record<string, string> = {};
    // A fresh session each time: a fuzzed logout or password change must not end the next probe's.
    if (probe.auth === 'member')
      headers.token = await app.auth.openSession(memberId, { ip: '127.0.0.1', userAgent: 'fuzz' });
    if (probe.auth === 'stale') headers.token = 'not-a-session-token';
    if (probe.auth === 'operator') headers['x-operator-key'] = OPERATOR_KEY;
    const withBody = !['GET', 'HEAD', 'DELETE'].includes(method) || probe.body.payload !== undefined;
    if (withBody && probe.body.contentType !== undefined && probe.body.contentType !== '')
      headers['content-type'] = probe.body.contentType;
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(withBody && probe.body.payload !== undefined ? { payload: probe.body.payload } : {}),
    });
    // Which form the answer owes: a parameter "." or ".." moves the path out of the vendor's wallet.
    const vendorWallet = /^\/vendor\/[^/]*\/wallet(\/|$)/.test(new URL(url, 'http://fuzz').pathname);
    return { res, vendorWallet };
  }

  it('answers every malformed request of every operation in the envelope, never with a 500', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const problems: string[] = [];
    let operations = 0;
    let requests = 0;
    const statuses: Record<number, number> = {};
    for (const [route, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations++;
        const probes = fc.sample(probesFor(operation), {
          numRuns: RUNS_PER_OPERATION,
          seed: SEED + operations,
        });
        for (const probe of probes) {
          requests++;
          const { res, vendorWallet } = await send(t.app, method.toUpperCase(), route, probe);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          const where = `${method.toUpperCase()} ${route} ${JSON.stringify(probe).slice(0, 300)}`;
          if (res.statusCode >= 500 && res.statusCode !== 503) {
            problems.push(`${res.statusCode} ${where} → ${res.body.slice(0, 200)}`);
            continue;
          }
          if (res.statusCode >= 300 && res.statusCode < 400) continue; // redirects (social login) carry no body
          // A document that is not an API answer (the web manifest) may have its own form; errors may not.
          const type = String(res.headers['content-type'] ?? '');
          if (res.statusCode < 300 && !/^application\/json\b/.test(type)) continue;
          let body: Record<string, unknown>;
          try {
            body = res.json();
          } catch {
            problems.push(`not JSON (${res.headers['content-type']}) ${where} → ${res.body.slice(0, 120)}`);
            continue;
          }
          const inForm = vendorWallet
            ? res.statusCode === 200 && typeof body.status === 'string'
            : ['success', 'code', 'message', 'value'].every((key) => key in body) &&
              typeof body.message === 'string';
          if (!inForm)
            problems.push(`outside the envelope ${res.statusCode} ${where} → ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(operations).toBeGreaterThan(50);
    // Not only refusals: some probes get through to the services, where a 500 would hide.
    expect(statuses[200] ?? 0, JSON.stringify(statuses)).toBeGreaterThan(requests / 20);
    expect(requests).toBe(operations * RUNS_PER_OPERATION);
    expect(problems, `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS_PER_OPERATION}`).toEqual([]);
    const verdict = await verifyLedger(t.db);
    expect(verdict.ok, describeVerdict(verdict)).toBe(true);
  }, 120_000);
});
