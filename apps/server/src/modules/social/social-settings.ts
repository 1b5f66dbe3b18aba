import type { OidcChannel } from '@sorte/shared';
import type { Config } from '../../config';
import type { OidcChannelSettings } from './oidc';

/** Facebook's code flow answers here (its discovery document, made for the implicit flow, names none). */
const FACEBOOK_TOKEN_ENDPOINT = 'https://graph.facebook.com/v21.0/oauth/access_token';

/** The OpenID Connect channels switched on by configuration: a channel without a client id is off. */
export function oidcChannelsOf(config: Config): Map<OidcChannel, OidcChannelSettings> {
  const channels = new Map<OidcChannel, OidcChannelSettings>();
  if (config.googleClientId) {
    channels.set('google', {
      channel: 'google',
      issuer: config.googleIssuer,
      clientId: config.googleClientId,
      clientSecret: config.googleClientSecret,
      scope: 'openid email profile',
    });
  }
  if (config.facebookClientId) {
    channels.set('facebook', {
      channel: 'facebook',
      issuer: config.facebookIssuer,
      clientId: config.facebookClientId,
      clientSecret: config.facebookClientSecret,
      // Facebook names the basic profile permission public_profile, not profile.
      scope: 'openid email public_profile',
      tokenEndpointFallback: FACEBOOK_TOKEN_ENDPOINT,
    });
  }
  return channels;
}

/** The site's public origin as players reach it, for redirect URIs registered with providers. */
export const publicBaseUrlOf = (config: Config) => config.publicBaseUrl ?? `http://localhost:${config.port}`;

/** openid-client refuses plain-http providers; only developers' machines and tests may use them. */
export const allowsHttpProviders = (config: Config) => config.env === 'test' || config.env === 'development';
