import { performance } from 'node:perf_hooks';
import fp from 'fastify-plugin';
import type { ZodType } from 'zod';

const INPUT_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

const isZodSchema = (value: unknown): value is ZodType =>
  typeof value === 'object' && value !== null && typeof (value as ZodType).safeParse === 'function';

/**
 * Zod compiles an object schema's parser (with `new Function`) the first time it parses an object:
 * 1–15 ms on the event loop per schema, paid by each route's first request. After a restart the
 * returning crowd's first requests paid them all at once (a CPU profile of bench:load's restarted
 * server). A server parses an empty object with each route's input schemas once it is ready, before
 * it listens; a test's app (which serves a few requests) does not.
 */
export const warmValidatorsPlugin = fp(
  async (app) => {
    if (app.config.env === 'test') return;
    const schemas = new Set<ZodType>();
    app.addHook('onRoute', (route) => {
      const schema = route.schema as Record<string, unknown> | undefined;
      for (const part of INPUT_PARTS) {
        const input = schema?.[part];
        if (isZodSchema(input)) schemas.add(input);
      }
    });
    app.addHook('onReady', async () => {
      const started = performance.now();
      for (const schema of schemas) schema.safeParse({});
      app.log.debug(
        { schemas: schemas.size, ms: Math.round(performance.now() - started) },
        'route validators compiled',
      );
    });
  },
  { name: 'warm-validators' },
);
