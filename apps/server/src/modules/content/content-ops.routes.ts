import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CONTENT_IMAGE_MAX_BYTES,
  consoleBannerEnvelope,
  consoleBannerListEnvelope,
  consoleBannerListQuerySchema,
  consoleBannerParamsSchema,
  contentImageEnvelope,
  saveBannerBodySchema,
} from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { sniffImage } from '../../lib/image-type';
import { ok } from '../../plugins/errors';
import { operatorRoute, operatorScope } from '../../plugins/operator-auth';
import type { ContentService } from './content.service';

const tags = ['console'];
const imageTypes = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

/** The merchant a content operator is limited to; one limited to another merchant is told nothing exists. */
export function scopedMerchant(request: FastifyRequest, asked: string | undefined): string | null {
  const scope = operatorScope(request);
  if (scope !== null && asked !== undefined && asked !== scope) throw new AppError(404, 'NOT_FOUND');
  return scope ?? asked ?? null;
}

/**
 * The console's content calls (content.write): banners per merchant and group, and the pictures
 * they show. Pictures are stored under DATA_DIR/uploads/content named by their SHA-256 (the same
 * picture twice is one file) and served at /content-images/<name>, cached for good. A change is on
 * the site at once: the banner cache is cleared with it.
 */
export const contentOpsRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (
  app,
  { content },
) => {
  const dir = join(app.config.dataDir, 'uploads', 'content');

  app.get(
    '/ops/console/banners',
    {
      ...operatorRoute('content.write'),
      schema: {
        tags,
        querystring: consoleBannerListQuerySchema,
        response: { 200: consoleBannerListEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await content.consoleBanners(
          scopedMerchant(request, request.query.merchantCode),
          request.query.groupName ?? null,
        ),
      ),
  );

  app.put(
    '/ops/console/banners',
    {
      ...operatorRoute('content.write', async (request) => {
        const body = request.body as { merchantCode: string; groupName: string | null; key: string };
        const banners = await content.consoleBanners(scopedMerchant(request, body.merchantCode), null);
        return banners.find((b) => b.key === body.key) ?? null;
      }),
      schema: { tags, body: saveBannerBodySchema, response: { 200: consoleBannerEnvelope } },
    },
    async (request) => {
      const body = request.body;
      const merchantCode = scopedMerchant(request, body.merchantCode) as string;
      const id = await content.saveBanner({
        merchantCode,
        key: body.key,
        groupName: body.groupName,
        imageUrls: body.imageUrls,
        linkageType: body.linkageType,
        link: body.link,
        sort: body.sort,
        startsAt: body.startsAt ? new Date(body.startsAt) : null,
        endsAt: body.endsAt ? new Date(body.endsAt) : null,
      });
      const saved = (await content.consoleBanners(merchantCode, body.groupName)).find(
        (b) => b.id === String(id),
      );
      return ok(request, saved as NonNullable<typeof saved>);
    },
  );

  app.delete(
    '/ops/console/banners/:bannerId',
    { ...operatorRoute('content.write'), schema: { tags, params: consoleBannerParamsSchema } },
    async (request) => {
      await content.removeBanner(request.params.bannerId, operatorScope(request));
      return ok(request, null);
    },
  );

  await app.register(async (upload) => {
    upload.addContentTypeParser(
      Object.keys(imageTypes),
      { parseAs: 'buffer', bodyLimit: CONTENT_IMAGE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    upload.post(
      '/ops/console/content/images',
      { ...operatorRoute('content.write'), schema: { tags, response: { 200: contentImageEnvelope } } },
      async (request) => {
        // Only the picture types are read as bytes: JSON or a form here is not a picture.
        if (!Buffer.isBuffer(request.body)) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
        const bytes = request.body;
        const declared = String(request.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim();
        const type = sniffImage(bytes);
        if (!type || type !== declared) throw AppError.field('image', 'validation:invalid_format');
        const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${imageTypes[type]}`;
        await mkdir(dir, { recursive: true });
        await writeFile(join(dir, name), bytes, { flag: 'w' });
        return ok(request, { url: `/content-images/${name}`, bytes: bytes.length });
      },
    );
  });

  app.get(
    '/content-images/:name',
    {
      schema: {
        hide: true,
        params: z.strictObject({ name: z.string().regex(/^[0-9a-f]{32}\.(png|jpg|webp)$/) }),
      },
    },
    async (request, reply) => {
      const path = join(dir, request.params.name);
      if (!(await stat(path).catch(() => null))) throw new AppError(404, 'NOT_FOUND');
      const ext = request.params.name.split('.').pop() as 'png' | 'jpg' | 'webp';
      const type = (Object.entries(imageTypes).find(([, e]) => e === ext) as [string, string])[0];
      return reply
        .type(type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(createReadStream(path));
    },
  );
};
