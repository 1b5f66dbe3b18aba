import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  defaultLanguage,
  type MessageLanguage,
  messageLanguages,
  pickFromAcceptLanguage,
  toMessageLanguage,
} from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import i18next, { type Resource, type ResourceLanguage, type TFunction } from 'i18next';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's message language: `lang` header, then `lang` query, then Accept-Language, then EN. */
    language: MessageLanguage;
    t: TFunction;
  }
}

/** Reads every `<lang>/<namespace>.json` under packages/shared/locales. */
export function loadCatalogs(): Resource {
  const require = createRequire(import.meta.url);
  const root = join(dirname(require.resolve('@sorte/shared/package.json')), 'locales');
  const resources: Resource = {};
  for (const language of messageLanguages) {
    const code = language.toLowerCase();
    const dir = join(root, code);
    resources[code] = {};
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      (resources[code] as ResourceLanguage)[file.slice(0, -5)] = JSON.parse(
        readFileSync(join(dir, file), 'utf8'),
      );
    }
  }
  return resources;
}

function createTranslator() {
  const resources = loadCatalogs();
  const instance = i18next.createInstance();
  instance.init({
    resources,
    lng: defaultLanguage.toLowerCase(),
    fallbackLng: defaultLanguage.toLowerCase(),
    ns: Object.keys(resources.en ?? {}),
    defaultNS: 'errors',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const translators = new Map<MessageLanguage, TFunction>(
    messageLanguages.map((language) => [language, instance.getFixedT(language.toLowerCase())]),
  );
  return (language: MessageLanguage) => translators.get(language) as TFunction;
}

let shared: ReturnType<typeof createTranslator> | undefined;
/**
 * The translator of this process: the catalogues are files that do not change while it runs, so they
 * are read and parsed once (~25 ms), at the app's start, not again by each module that translates.
 */
export function sharedTranslator() {
  shared ??= createTranslator();
  return shared;
}

export function languageOf(request: FastifyRequest): MessageLanguage {
  const header = request.headers.lang;
  const query = (request.query as Record<string, unknown> | undefined)?.lang;
  return (
    toMessageLanguage(Array.isArray(header) ? header[0] : header) ??
    toMessageLanguage(typeof query === 'string' ? query : undefined) ??
    pickFromAcceptLanguage(request.headers['accept-language']) ??
    defaultLanguage
  );
}

export const i18nPlugin = fp(
  async (app) => {
    const translatorFor = sharedTranslator();
    app.decorateRequest('language', defaultLanguage);
    app.decorateRequest('t', null as unknown as TFunction);
    // A plain hook (no promise): it runs on every request.
    app.addHook('onRequest', (request, _reply, done) => {
      request.language = languageOf(request);
      request.t = translatorFor(request.language);
      done();
    });
  },
  { name: 'i18n' },
);
