import {
  type Merchant,
  merchantByCode,
  type OidcChannel,
  type SocialChannel,
  type SocialProvider,
  type TelegramLoginBody,
} from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Caller } from '../auth/auth.service';
import { type OidcClaims, OidcClients } from './oidc';
import { safeReturnPath, withToken } from './return-to';
import type { SocialRepository } from './social.repository';
import type { LoginValue, SocialMembers, SocialProfile } from './social-members';
import { isValidTelegramLogin } from './telegram';

/** How the channels are named in messages ("Sign-in with Google failed"). */
export const channelNames: Record<SocialChannel, string> = {
  google: 'Google',
  facebook: 'Facebook',
  telegram: 'Telegram',
};

/** An OpenID Connect sign-in is abandoned when its callback has not come back within 10 minutes. */
export const LOGIN_STATE_TTL_MS = 10 * 60_000;

/** Each start writes a row; 30 a minute per address is far above what a person clicks. */
export const OIDC_STARTS_PER_MINUTE = 30;

export type TelegramSettings = { botToken: string | undefined; botName: string | undefined };

const disabled = (channel: SocialChannel) =>
  new AppError(403, 'SOCIAL_CHANNEL_DISABLED', { channel: channelNames[channel] });

/** Social sign-in: Telegram's signed widget payload, Google and Facebook by OpenID Connect. */
export class SocialService {
  constructor(
    private readonly repository: SocialRepository,
    private readonly members: SocialMembers,
    private readonly oidc: OidcClients,
    private readonly telegram: TelegramSettings,
    private readonly limiter: RateLimiter,
  ) {}

  /** The channels a player can use here, for the login popup. */
  providers(): SocialProvider[] {
    const list: SocialProvider[] = this.oidc
      .enabledChannels()
      .map((channel) => ({ channel, startUrl: `/wps/session/social/${channel}/start` }));
    if (this.telegram.botToken) {
      list.push(
        this.telegram.botName
          ? { channel: 'telegram', botName: this.telegram.botName }
          : { channel: 'telegram' },
      );
    }
    return list;
  }

  async signInWithTelegram(
    merchant: Merchant,
    payload: TelegramLoginBody,
    caller: Caller,
  ): Promise<LoginValue> {
    if (!this.telegram.botToken) throw disabled('telegram');
    if (!isValidTelegramLogin(payload, this.telegram.botToken)) {
      throw new AppError(401, 'SOCIAL_LOGIN_FAILED', { channel: channelNames.telegram });
    }
    const nickname = [payload.first_name, payload.last_name].filter(Boolean).join(' ');
    return this.members.signIn(
      merchant,
      {
        channel: 'telegram',
        subject: String(payload.id),
        email: null,
        emailVerified: false,
        nickname,
        profile: payload.username ? { telegram: payload.username } : {},
      },
      caller,
    );
  }

  /**
   * Begins an OpenID Connect sign-in: remembers state, nonce and PKCE verifier for the callback and
   * answers the provider's address. The state also goes to the browser, which must bring it back.
   */
  async startOidc(channel: OidcChannel, merchant: Merchant, returnTo: unknown, caller: Caller) {
    if (!this.oidc.isEnabled(channel)) throw disabled(channel);
    const hit = await this.limiter.hit(`social-start:${caller.ip}`, OIDC_STARTS_PER_MINUTE, 60_000);
    if (!hit.allowed) throw new AppError(429, 'TOO_MANY_REQUESTS', { minutes: 1 });
    const checks = OidcClients.newChecks();
    const location = await this.oidc.authorizationUrl(channel, checks);
    await this.repository.deleteOldLoginStates();
    await this.repository.insertLoginState({
      state: checks.state,
      channel,
      merchant_code: merchant.merchantCode,
      nonce: checks.nonce,
      code_verifier: checks.codeVerifier,
      return_to: safeReturnPath(returnTo),
      expiresAt: new Date(Date.now() + LOGIN_STATE_TTL_MS),
    });
    return { location: location.href, state: checks.state };
  }

  /**
   * Completes an OpenID Connect sign-in and answers where the browser goes next, with the session
   * token. Throws when anything is wrong; the caller sends the browser to the failure page.
   */
  async finishOidc(
    channel: OidcChannel,
    callbackQuery: URLSearchParams,
    browserState: string | undefined,
    caller: Caller,
  ): Promise<string> {
    const state = callbackQuery.get('state');
    if (!this.oidc.isEnabled(channel)) throw disabled(channel);
    if (!state) throw new Error('callback without state');
    // Login CSRF: a callback carrying someone else's code must not sign this browser in.
    if (browserState !== state) throw new Error('callback state does not match the browser that started');
    const started = await this.repository.consumeLoginState(state, channel);
    if (!started) throw new Error('unknown, used or expired state');
    const claims = await this.oidc.finish(channel, callbackQuery, {
      state,
      nonce: started.nonce,
      codeVerifier: started.code_verifier,
    });
    const merchant = merchantByCode(started.merchant_code);
    const login = await this.members.signIn(merchant, profileOf(channel, claims), caller);
    return withToken(started.return_to, login.token);
  }
}

const textClaim = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

function profileOf(channel: OidcChannel, claims: OidcClaims): SocialProfile {
  const email = textClaim(claims.email)?.slice(0, 254) ?? null;
  return {
    channel,
    subject: claims.sub,
    email,
    emailVerified: email !== null && claims.email_verified === true,
    nickname: textClaim(claims.name) ?? textClaim(claims.given_name),
    profile: {},
  };
}
