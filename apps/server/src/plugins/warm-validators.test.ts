import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { warmValidatorsPlugin } from './warm-validators';

/** An app with one route whose input schemas are watched, in the given environment. */
async function appIn(env: 'production' | 'test') {
  const body = z.object({ amount: z.number() });
  const querystring = z.object({ page: z.string().optional() });
  const parses = [vi.spyOn(body, 'safeParse'), vi.spyOn(querystring, 'safeParse')];
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', { env } as never);
  await app.register(warmValidatorsPlugin);
  app.post('/bet', { schema: { body, querystring } }, async () => ({ ok: true }));
  await app.ready();
  await app.close();
  return parses;
}

describe('warm validators', () => {
  it("parses every route's input schemas once as a server gets ready, before its first request", async () => {
    for (const parse of await appIn('production')) {
      expect(parse).toHaveBeenCalledTimes(1);
      expect(parse).toHaveBeenCalledWith({});
    }
  });

  it("leaves a test's app alone", async () => {
    for (const parse of await appIn('test')) expect(parse).not.toHaveBeenCalled();
  });
});
