import type { OidcChannel } from '@sorte/shared';
import * as client from 'openid-client';

export type OidcChannelSettings = {
  channel: OidcChannel;
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  scope: string;
  /**
   * The token endpoint to use when the provider's discovery document names none. Facebook's
   * describes only its implicit flow, while its code flow with PKCE answers at the Graph API.
   */
  tokenEndpointFallback?: string;
};

/** The flow values the callback must see again: kept server-side, never trusted from the browser. */
export type OidcChecks = { state: string; nonce: string; codeVerifier: string };

/** ID token claims we use; `sub` is the provider's stable id for the person. */
export type OidcClaims = {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  given_name?: unknown;
};

/** Metadata rarely changes, signing keys rotate inside openid-client: a day of caching is safe. */
const DISCOVERY_TTL_MS = 24 * 60 * 60_000;
/** Seconds an HTTP call to a provider may take before the sign-in fails rather than hangs. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * OpenID Connect authorization code flow with PKCE (S256), state and nonce, through openid-client:
 * it checks the ID token's signature, issuer, audience, expiry and nonce, so this code never parses
 * tokens itself.
 */
export class OidcClients {
  private readonly cache = new Map<string, { at: number; configuration: Promise<client.Configuration> }>();

  constructor(
    private readonly channels: ReadonlyMap<OidcChannel, OidcChannelSettings>,
    private readonly publicBaseUrl: string,
    /** Plain-http providers exist only on developers' machines and in tests. */
    private readonly allowHttp: boolean,
  ) {}

  isEnabled(channel: OidcChannel): boolean {
    return this.channels.has(channel);
  }

  enabledChannels(): OidcChannel[] {
    return [...this.channels.keys()];
  }

  /** Registered with the provider; built from configuration, never from the request's Host header. */
  redirectUri(channel: OidcChannel): string {
    return `${this.publicBaseUrl}/wps/session/social/${channel}/callback`;
  }

  /** Fresh random values for one sign-in. */
  static newChecks(): OidcChecks {
    return {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
  }

  async authorizationUrl(channel: OidcChannel, checks: OidcChecks): Promise<URL> {
    const settings = this.settingsOf(channel);
    const configuration = await this.configurationOf(settings);
    return client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri(channel),
      scope: settings.scope,
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /**
   * Exchanges the code of a callback for tokens and answers the verified ID token claims. Throws on
   * a provider error response, a state or nonce mismatch, or an invalid ID token.
   */
  async finish(
    channel: OidcChannel,
    callbackQuery: URLSearchParams,
    checks: OidcChecks,
  ): Promise<OidcClaims> {
    const configuration = await this.configurationOf(this.settingsOf(channel));
    const currentUrl = new URL(this.redirectUri(channel));
    currentUrl.search = callbackQuery.toString();
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub) throw new Error('the ID token has no subject');
    return claims as OidcClaims;
  }

  private settingsOf(channel: OidcChannel): OidcChannelSettings {
    const settings = this.channels.get(channel);
    if (!settings) throw new Error(`OpenID Connect channel ${channel} is not configured`);
    return settings;
  }

  /** Discovery once per issuer and client; a failed discovery is forgotten so the next sign-in retries. */
  private configurationOf(settings: OidcChannelSettings): Promise<client.Configuration> {
    const key = `${settings.issuer}\n${settings.clientId}`;
    const cached = this.cache.get(key);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.configuration;
    const configuration = this.discover(settings);
    this.cache.set(key, { at: Date.now(), configuration });
    configuration.catch(() => {
      if (this.cache.get(key)?.configuration === configuration) this.cache.delete(key);
    });
    return configuration;
  }

  private async discover(settings: OidcChannelSettings): Promise<client.Configuration> {
    const execute = this.allowHttp ? [client.allowInsecureRequests] : [];
    // A client registered without a secret (public client) relies on PKCE alone.
    const authentication = settings.clientSecret ? undefined : client.None();
    const discovered = await client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      authentication,
      { execute, timeout: PROVIDER_TIMEOUT_SECONDS },
    );
    // The helper methods openid-client adds to the metadata are not metadata: leave them out.
    const { supportsPKCE: _helper, ...metadata } = discovered.serverMetadata();
    if (metadata.token_endpoint || !settings.tokenEndpointFallback) return discovered;
    const completed = new client.Configuration(
      { ...metadata, token_endpoint: settings.tokenEndpointFallback },
      settings.clientId,
      settings.clientSecret,
      authentication,
    );
    completed.timeout = PROVIDER_TIMEOUT_SECONDS;
    for (const extension of execute) extension(completed);
    return completed;
  }
}
