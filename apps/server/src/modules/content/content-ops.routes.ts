import { createHash } from 'node:crypto';
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
import { CONTENT_IMAGE_NAME, type ContentImageStore, ContentStoreUnavailable } from './content-image-store';

const tags = ['console'];
const imageTypes = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

/** The merchant a content operator is limited to; one limited to another merchant is told nothing exists. */
export function scopedMerchant(request: FastifyRequest, asked: string | undefined): string | null {
  const scope = operatorScope(request);
  if (scope !== null && asked !== undefined && asked !== scope) throw new AppError(404, 'NOT_FOUND');
  return scope ?? asked ?? null;
}

/**
 * A store that cannot be reached or refuses is the server's problem, not the operator's: logged in
 * full for whoever runs the server, answered 503 (not reached) or 502 (refused) with a message
 * saying so, never a 500.
 */
function storeFailure(request: FastifyRequest, error: unknown): unknown {
  if (!(error instanceof ContentStoreUnavailable)) return error;
  request.log.error({ err: error, requestId: request.id }, 'content image store failed');
  return new AppError(error.status, 'CONTENT_STORE_UNAVAILABLE');
}

/**
 * The console's content calls (content.write): banners per merchant and group, and the pictures
 * they show. Pictures go to the configured store (under DATA_DIR/uploads/content, or an
 * S3-compatible bucket) named by their SHA-256 (the same picture twice is one object) and are
 * served at /content-images/<name>, cached for good, unless the bucket has a public address of its
 * own. A change is on the site at once: the banner cache is cleared with it.
 */
export const contentOpsRoutes: FastifyPluginAsyncZod<{
  content: ContentService;
  images: ContentImageStore;
}> = async (app, { content, images }) => {
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
        await images.put(name, bytes, type).catch((error: unknown) => {
          throw storeFailure(request, error);
        });
        return ok(request, { url: images.publicUrl(name), bytes: bytes.length });
      },
    );
  });

  app.get(
    '/content-images/:name',
    {
      schema: {
        hide: true,
        params: z.strictObject({ name: z.string().regex(CONTENT_IMAGE_NAME) }),
      },
    },
    async (request, reply) => {
      const picture = await images.open(request.params.name).catch((error: unknown) => {
        throw storeFailure(request, error);
      });
      if (!picture) throw new AppError(404, 'NOT_FOUND');
      const ext = request.params.name.split('.').pop() as 'png' | 'jpg' | 'webp';
      const type = (Object.entries(imageTypes).find(([, e]) => e === ext) as [string, string])[0];
      return reply
        .type(type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(picture);
    },
  );
};
