import fp from 'fastify-plugin';
import { OidcClients } from './oidc';
import { SocialRepository } from './social.repository';
import { socialRoutes } from './social.routes';
import { SocialService } from './social.service';
import { SocialMembers } from './social-members';
import { allowsHttpProviders, oidcChannelsOf, publicBaseUrlOf } from './social-settings';

/** Social sign-in with Google, Facebook (OpenID Connect) and Telegram (login widget). */
export const socialModule = fp(
  async (app) => {
    const repository = new SocialRepository(app.db);
    const members = new SocialMembers(repository, app.authRepository, app.auth, app.ledger);
    const publicBaseUrl = publicBaseUrlOf(app.config);
    const oidc = new OidcClients(oidcChannelsOf(app.config), publicBaseUrl, allowsHttpProviders(app.config));
    const social = new SocialService(
      repository,
      members,
      oidc,
      {
        botToken: app.config.telegramBotToken,
        botName: app.config.telegramBotName,
      },
      app.rateLimiter,
    );
    await app.register(socialRoutes, { social, secureCookies: publicBaseUrl.startsWith('https:') });
  },
  { name: 'social', dependencies: ['auth', 'ledger', 'redis'] },
);
