import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The first pictures of a page, put into the HTML lobby shell by the server (index.html's
 * `data-shell-picture` slots, and a preload in its head), so the page's largest picture starts
 * loading with the page itself instead of after a script and an API read. The pictures come from
 * the same lobby reads the app makes (answered from the lobby cache), in the visitor's language.
 */

type Slot = { kind: 'banner' | 'promotion'; width: number; height: number };
type Picture = Slot & { url: string };

const homePaths = new Set(['/', '/index', '/home', '/help', '/login', '/register']);
const bannersPath = '/wps/relay/banners?groupName=w_home';
const promotionsPath = '/wps/relay/announcements?types=PR&platform=W';
/** The shell's slots (index.html): one banner, three promotion cards. */
const promotionSlots = 3;

/** Which page a path shows, for the pictures its shell gets; null for pages without any. */
export function shellPageOf(url: string): 'home' | 'promotions' | null {
  const path = (url.split('?')[0] ?? '/').replace(/\/+$/, '').toLowerCase() || '/';
  if (homePaths.has(path)) return 'home';
  return path === '/promotions' ? 'promotions' : null;
}

/** The boot script's choice of catalog for a first visit (navigator.language), from Accept-Language. */
function languageOf(request: FastifyRequest): string {
  const first = String(request.headers['accept-language'] ?? '').split(',')[0] ?? '';
  const lang = first.split(/[-_;]/)[0]?.trim().toLowerCase() ?? '';
  return ['en', 'pt', 'es', 'bn'].includes(lang) ? lang : 'en';
}

type Envelope<T> = { success?: boolean; value?: T };

async function read<T>(app: FastifyInstance, request: FastifyRequest, url: string, lang: string) {
  const answer = await app.inject({
    method: 'GET',
    url,
    headers: {
      accept: 'application/json',
      lang,
      ...(request.headers.host ? { host: request.headers.host } : {}),
      ...(request.headers['x-forwarded-for']
        ? { 'x-forwarded-for': request.headers['x-forwarded-for'] }
        : {}),
    },
    remoteAddress: request.ip,
  });
  if (answer.statusCode !== 200) return undefined;
  const body = answer.json() as Envelope<T>;
  return body.success ? body.value : undefined;
}

type Banner = { url?: string };
type Promotions = { promotion?: { announcementImages?: { url?: string; sequence: number }[] }[] };

async function picturesOf(
  app: FastifyInstance,
  request: FastifyRequest,
  page: 'home' | 'promotions',
  lang: string,
): Promise<Picture[]> {
  const [banners, promotions] = await Promise.all([
    page === 'home' ? read<Banner[]>(app, request, bannersPath, lang) : undefined,
    read<Promotions>(app, request, promotionsPath, lang),
  ]);
  const pictures: Picture[] = [];
  const banner = banners?.[0]?.url;
  if (banner) pictures.push({ kind: 'banner', width: 1200, height: 400, url: banner });
  for (const item of (promotions?.promotion ?? []).slice(0, promotionSlots)) {
    const [first] = [...(item.announcementImages ?? [])].sort((a, b) => a.sequence - b.sequence);
    if (first?.url) pictures.push({ kind: 'promotion', width: 800, height: 400, url: first.url });
  }
  return pictures;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A same-site path or an http(s) address; anything else is left out. */
const isSafeUrl = (url: string) => /^(\/(?!\/)|https?:\/\/)/i.test(url);

/** index.html with the pictures in their slots and the largest ones preloaded. */
export function withPictures(html: string, pictures: Picture[], page: 'home' | 'promotions'): string {
  const safe = pictures.filter((picture) => isSafeUrl(picture.url));
  // On the home page the banner and the first promotion are the candidates for the largest paint;
  // on /promotions the list's first picture (drawn by the app) is.
  const preloads = (page === 'home' ? safe.slice(0, 2) : safe.slice(0, 1))
    .map(
      (picture) =>
        `<link rel="preload" as="image" href="${escapeAttribute(picture.url)}" fetchpriority="high">`,
    )
    .join('');
  let out = html.replace('<meta charset="UTF-8" />', (meta) => `${meta}${preloads}`);
  if (page !== 'home') return out;
  for (const picture of safe) {
    const slot = `data-shell-picture="${picture.kind}"></div>`;
    const img = `<img src="${escapeAttribute(picture.url)}" width="${picture.width}" height="${picture.height}" alt="" fetchpriority="high">`;
    out = out.replace(slot, `data-shell-picture="${picture.kind}" data-filled>${img}</div>`);
  }
  return out;
}

type Built = { etag: string; plain: Buffer; br: Buffer; gzip: Buffer };

/**
 * Answers page routes that have first pictures with index.html filled in for them. Each variant
 * (page, language, host, pictures) is built and compressed once and kept; a change of banners or
 * promotions gives new pictures, so a new variant.
 */
export function createShellSender(app: FastifyInstance, readIndex: () => string) {
  const built = new Map<string, Built>();
  const build = (key: string, html: string): Built => {
    let found = built.get(key);
    if (!found) {
      const plain = Buffer.from(html);
      found = {
        etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`,
        plain,
        br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzip: gzipSync(plain, { level: 9 }),
      };
      // A bounded memo: variants are few (pages × languages × hosts); an operator editing banners
      // all day makes new ones, so the oldest go.
      if (built.size >= 200) built.delete(built.keys().next().value as string);
      built.set(key, found);
    }
    return found;
  };

  return async (request: FastifyRequest, reply: FastifyReply, page: 'home' | 'promotions') => {
    const lang = languageOf(request);
    const html = readIndex();
    const pictures = await picturesOf(app, request, page, lang).catch(() => []);
    const key = `${page}|${lang}|${request.headers.host ?? ''}|${pictures.map((p) => p.url).join('|')}|${html.length}`;
    const variant = build(key, withPictures(html, pictures, page));
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', variant.etag);
    reply.type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === variant.etag) return reply.code(304).send();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(variant.br);
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(variant.gzip);
    return reply.send(variant.plain);
  };
}
