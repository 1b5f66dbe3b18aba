import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The first pictures of a page, put into the HTML lobby shell by the server (index.html's
 * `data-shell-picture` slots, and a preload in its head), so the page's largest picture starts
 * loading with the page itself instead of after a script and an API read. The pictures come from
 * the same lobby reads the app makes (answered from the lobby cache), in the visitor's language.
 */

type Slot = { kind: 'banner' | 'promotion' | 'promotion-page' | 'game'; width: number; height: number };
type ShellPage = 'home' | 'promotions' | 'gameList';
type Picture = Slot & { url: string };

const homePaths = new Set(['/', '/index', '/home', '/help', '/login', '/register']);
const bannersPath = '/wps/relay/banners?groupName=w_home';
const promotionsPath = '/wps/relay/announcements?types=PR&platform=W';
/** The shell's slots (index.html): one banner, three promotion cards. */
const promotionSlots = 3;
/** The game-type lists the boot script reads the first page of (index.html), and a phone's first row. */
const gameListPaths = new Set(['/live', '/fish', '/rng', '/pvp', '/crash', '/bonus']);
const firstRowGames = 3;

/** Which page a path shows, for the pictures its shell gets; null for pages without any. */
export function shellPageOf(url: string): ShellPage | null {
  const path = pathOf(url);
  if (homePaths.has(path)) return 'home';
  if (gameListPaths.has(path)) return 'gameList';
  return path === '/promotions' ? 'promotions' : null;
}

const pathOf = (url: string) => (url.split('?')[0] ?? '/').replace(/\/+$/, '').toLowerCase() || '/';

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
type GamePage = { content?: { showIcon?: string; iconUrl?: string }[] };

async function picturesOf(
  app: FastifyInstance,
  request: FastifyRequest,
  page: ShellPage,
  lang: string,
): Promise<Picture[]> {
  if (page === 'gameList') {
    // The same read as the boot script's (index.html), so the answer is the lobby cache's.
    const gameType = pathOf(request.url).slice(1).toUpperCase();
    const games = await read<GamePage>(
      app,
      request,
      `/wps/relay/gameList?pageNo=1&pageSize=${gameType === 'CRASH' ? 12 : 24}&gameType=${gameType}&clientType=3&platform=html5-desktop`,
      lang,
    );
    return (games?.content ?? []).slice(0, firstRowGames).flatMap((game) => {
      const url = game.showIcon || game.iconUrl;
      return url ? [{ kind: 'game' as const, width: 300, height: 300, url }] : [];
    });
  }
  const [banners, promotions] = await Promise.all([
    page === 'home' ? read<Banner[]>(app, request, bannersPath, lang) : undefined,
    read<Promotions>(app, request, promotionsPath, lang),
  ]);
  const pictures: Picture[] = [];
  const banner = banners?.[0]?.url;
  if (banner) pictures.push({ kind: 'banner', width: 1200, height: 400, url: banner });
  // The home page's carousel shows three cards; /promotions starts with the list's first card.
  const kind = page === 'home' ? 'promotion' : 'promotion-page';
  for (const item of (promotions?.promotion ?? []).slice(0, page === 'home' ? promotionSlots : 1)) {
    const [first] = [...(item.announcementImages ?? [])].sort((a, b) => a.sequence - b.sequence);
    if (first?.url) pictures.push({ kind, width: 800, height: 400, url: first.url });
  }
  return pictures;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A same-site path or an http(s) address; anything else is left out. */
const isSafeUrl = (url: string) => /^(\/(?!\/)|https?:\/\/)/i.test(url);

/** index.html with the pictures in their slots and the largest ones preloaded. */
export function withPictures(html: string, pictures: Picture[], page: ShellPage): string {
  const safe = pictures.filter((picture) => isSafeUrl(picture.url));
  // On the home page the banner and the first promotion are the candidates for the largest paint;
  // on /promotions the list's first picture, on a game list the first row's tiles.
  const preloads = (page === 'home' ? safe.slice(0, 2) : safe)
    .map(
      (picture) =>
        `<link rel="preload" as="image" href="${escapeAttribute(picture.url)}" fetchpriority="high">`,
    )
    .join('');
  let out = html.replace('<meta charset="UTF-8" />', (meta) => `${meta}${preloads}`);
  // Each picture goes into the next empty slot of its kind, so the page's largest paint is the
  // server's HTML rather than something the app draws after its scripts have arrived.
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
  const build = (key: string, fill: () => string): Built => {
    let found = built.get(key);
    if (!found) {
      const plain = Buffer.from(fill());
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

  return async (request: FastifyRequest, reply: FastifyReply, page: ShellPage) => {
    // The language the i18n plugin picked for this request (lang header, query, Accept-Language).
    const lang = request.language.toLowerCase();
    const html = readIndex();
    const pictures = await picturesOf(app, request, page, lang).catch(() => []);
    const key = `${page === 'gameList' ? pathOf(request.url) : page}|${lang}|${request.headers.host ?? ''}|${pictures.map((p) => p.url).join('|')}|${html.length}`;
    const variant = build(key, () => withPictures(html, pictures, page));
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', variant.etag);
    reply.type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === variant.etag) return reply.code(304).send();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(variant.br);
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(variant.gzip);
    return reply.send(variant.plain);
  };
}
