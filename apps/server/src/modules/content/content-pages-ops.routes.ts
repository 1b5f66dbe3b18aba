import {
  consoleAnnouncementEnvelope,
  consoleAnnouncementListQuerySchema,
  consoleAnnouncementPageEnvelope,
  consoleAnnouncementParamsSchema,
  consoleHelpArticleEnvelope,
  consoleHelpArticleListEnvelope,
  consoleHelpListQuerySchema,
  consoleMaintenancePagesEnvelope,
  consoleMaintenanceQuerySchema,
  consoleMaintenanceTextEnvelope,
  contentPreviewBodySchema,
  contentPreviewEnvelope,
  createHelpArticleBodySchema,
  helpArticleParamsSchema,
  helpOrderBodySchema,
  maintenanceTextParamsSchema,
  saveAnnouncementBodySchema,
  saveMaintenanceTextBodySchema,
  updateHelpArticleBodySchema,
} from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../plugins/errors';
import { operatorRoute, operatorScope } from '../../plugins/operator-auth';
import { scopedMerchant } from './content-ops.routes';
import type { ContentPagesService } from './content-pages.service';

const tags = ['console'];

/** One merchant's content: the operator's own, else the one asked; none asked is a 400. */
function oneMerchant(request: FastifyRequest, asked: string | undefined): string {
  const merchantCode = scopedMerchant(request, asked);
  if (merchantCode === null) throw AppError.field('merchantCode', 'validation:required');
  return merchantCode;
}

/** Readers of what an edit or removal is about to change, for the audit log's "before". */
const announcementBefore = (pages: ContentPagesService) => (request: FastifyRequest) =>
  pages.announcement((request.params as { announcementId: string }).announcementId, operatorScope(request));
const helpArticleBefore = (pages: ContentPagesService) => (request: FastifyRequest) =>
  pages.helpArticle((request.params as { articleId: string }).articleId, operatorScope(request));

/**
 * The console's content pages (content.write): announcements of every type (the Notices and
 * Promotions screens), the preview of a text as the site would show it, the help centre with its
 * order, and the maintenance page's texts. A merchant-limited operator is told another merchant's
 * rows do not exist (404). Each write is on the site's next read (the service clears its cache).
 */
export const contentPagesOpsRoutes: FastifyPluginAsyncZod<{ pages: ContentPagesService }> = async (
  app,
  { pages },
) => {
  // ----- announcements --------------------------------------------------------------------------

  app.get(
    '/ops/console/announcements',
    {
      ...operatorRoute('content.write'),
      schema: {
        tags,
        querystring: consoleAnnouncementListQuerySchema,
        response: { 200: consoleAnnouncementPageEnvelope },
      },
    },
    async (request) => {
      const query = request.query;
      return ok(
        request,
        await pages.listAnnouncements({
          merchantCode: scopedMerchant(request, query.merchantCode),
          types: query.types ?? null,
          language: query.language ?? null,
          active: query.active === undefined ? null : query.active === 'true',
          pageNo: query.pageNo,
          pageSize: query.pageSize,
        }),
      );
    },
  );

  app.post(
    '/ops/console/announcements',
    {
      ...operatorRoute('content.write'),
      schema: { tags, body: saveAnnouncementBodySchema, response: { 200: consoleAnnouncementEnvelope } },
    },
    async (request) => {
      const { merchantCode, ...body } = request.body;
      return ok(request, await pages.createAnnouncement(oneMerchant(request, merchantCode), body));
    },
  );

  app.put(
    '/ops/console/announcements/:announcementId',
    {
      ...operatorRoute('content.write', announcementBefore(pages)),
      schema: {
        tags,
        params: consoleAnnouncementParamsSchema,
        body: saveAnnouncementBodySchema,
        response: { 200: consoleAnnouncementEnvelope },
      },
    },
    async (request) => {
      const { merchantCode, ...body } = request.body;
      return ok(
        request,
        await pages.updateAnnouncement(
          request.params.announcementId,
          oneMerchant(request, merchantCode),
          body,
        ),
      );
    },
  );

  app.delete(
    '/ops/console/announcements/:announcementId',
    {
      ...operatorRoute('content.write', announcementBefore(pages)),
      schema: { tags, params: consoleAnnouncementParamsSchema },
    },
    async (request) => {
      await pages.removeAnnouncement(request.params.announcementId, operatorScope(request));
      return ok(request, null);
    },
  );

  // Stores nothing; a POST only because the text can be longer than an address may be. Not a write,
  // so the audit log does not record each look at a draft (readOnly).
  const previewRoute = operatorRoute('content.write');
  app.post(
    '/ops/console/content/preview',
    {
      ...previewRoute,
      config: { ...previewRoute.config, readOnly: true },
      schema: { tags, body: contentPreviewBodySchema, response: { 200: contentPreviewEnvelope } },
    },
    async (request) => {
      const { merchantCode, language, format, title, content } = request.body;
      return ok(
        request,
        await pages.preview(oneMerchant(request, merchantCode), language, format, { title, content }),
      );
    },
  );

  // ----- help centre ----------------------------------------------------------------------------

  app.get(
    '/ops/console/help-articles',
    {
      ...operatorRoute('content.write'),
      schema: {
        tags,
        querystring: consoleHelpListQuerySchema,
        response: { 200: consoleHelpArticleListEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await pages.helpCentre(oneMerchant(request, request.query.merchantCode), request.query.language),
      ),
  );

  app.post(
    '/ops/console/help-articles',
    {
      ...operatorRoute('content.write'),
      schema: { tags, body: createHelpArticleBodySchema, response: { 200: consoleHelpArticleEnvelope } },
    },
    async (request) => {
      const { merchantCode, language, ...fields } = request.body;
      return ok(request, await pages.createHelpArticle(oneMerchant(request, merchantCode), language, fields));
    },
  );

  app.put(
    '/ops/console/help-articles/order',
    {
      ...operatorRoute('content.write', async (request) => {
        const body = request.body as { merchantCode: string; language: string };
        return pages.helpCentre(oneMerchant(request, body.merchantCode), body.language);
      }),
      schema: { tags, body: helpOrderBodySchema, response: { 200: consoleHelpArticleListEnvelope } },
    },
    async (request) => {
      const { merchantCode, language, categories } = request.body;
      return ok(
        request,
        await pages.reorderHelpCentre(oneMerchant(request, merchantCode), language, categories),
      );
    },
  );

  app.put(
    '/ops/console/help-articles/:articleId',
    {
      ...operatorRoute('content.write', helpArticleBefore(pages)),
      schema: {
        tags,
        params: helpArticleParamsSchema,
        body: updateHelpArticleBodySchema,
        response: { 200: consoleHelpArticleEnvelope },
      },
    },
    async (request) => {
      const { merchantCode, ...fields } = request.body;
      return ok(
        request,
        await pages.updateHelpArticle(request.params.articleId, oneMerchant(request, merchantCode), fields),
      );
    },
  );

  app.delete(
    '/ops/console/help-articles/:articleId',
    {
      ...operatorRoute('content.write', helpArticleBefore(pages)),
      schema: { tags, params: helpArticleParamsSchema },
    },
    async (request) => {
      await pages.removeHelpArticle(request.params.articleId, operatorScope(request));
      return ok(request, null);
    },
  );

  // ----- maintenance page texts -----------------------------------------------------------------

  app.get(
    '/ops/console/maintenance-texts',
    {
      ...operatorRoute('content.write'),
      schema: {
        tags,
        querystring: consoleMaintenanceQuerySchema,
        response: { 200: consoleMaintenancePagesEnvelope },
      },
    },
    async (request) =>
      ok(request, await pages.maintenancePages(scopedMerchant(request, request.query.merchantCode))),
  );

  app.put(
    '/ops/console/maintenance-texts',
    {
      ...operatorRoute('content.write', async (request) => {
        const body = request.body as { merchantCode: string; language: string };
        return pages.maintenanceText(oneMerchant(request, body.merchantCode), body.language);
      }),
      schema: {
        tags,
        body: saveMaintenanceTextBodySchema,
        response: { 200: consoleMaintenanceTextEnvelope },
      },
    },
    async (request) => {
      const { merchantCode, language, title, info } = request.body;
      return ok(
        request,
        await pages.saveMaintenanceText(oneMerchant(request, merchantCode), language, { title, info }),
      );
    },
  );

  app.delete(
    '/ops/console/maintenance-texts/:merchantCode/:language',
    {
      ...operatorRoute('content.write', async (request) => {
        const params = request.params as { merchantCode: string; language: string };
        return pages.maintenanceText(oneMerchant(request, params.merchantCode), params.language);
      }),
      schema: { tags, params: maintenanceTextParamsSchema },
    },
    async (request) => {
      const { merchantCode, language } = request.params;
      await pages.removeMaintenanceText(oneMerchant(request, merchantCode), language);
      return ok(request, null);
    },
  );
};
