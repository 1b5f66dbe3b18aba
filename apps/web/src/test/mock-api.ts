import { vi } from 'vitest';

type Reply = { status?: number; value?: unknown; code?: string; message?: string };
type Handler = Reply | ((call: { body: unknown; headers: Record<string, string> }) => Reply | Promise<Reply>);

export type ApiCall = { method: string; path: string; body: unknown; headers: Record<string, string> };

/**
 * Stubs fetch with envelope answers per "METHOD /path" (query ignored). Unlisted calls answer 404,
 * as the real server does. A handler may answer later (a promise), as a slow network would.
 * Returns the calls made, for asserting what was (not) sent.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = String(input).split('?')[0] as string;
      const headers = (init.headers ?? {}) as Record<string, string>;
      let body: unknown = init.body;
      if (typeof init.body === 'string' && headers['content-type'] === 'application/json') {
        body = JSON.parse(init.body);
      }
      calls.push({ method, path, body, headers });
      const handler = routes[`${method} ${path}`];
      const reply: Reply = !handler
        ? { status: 404, code: 'NOT_FOUND', message: 'Not found.' }
        : typeof handler === 'function'
          ? await handler({ body, headers })
          : handler;
      const status = reply.status ?? 200;
      const success = status < 400;
      return new Response(
        JSON.stringify({
          success,
          code: reply.code ?? (success ? 'OK' : 'BAD_REQUEST'),
          message: reply.message ?? (success ? 'OK' : 'Failed'),
          value: reply.value ?? null,
        }),
        { status, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
  return calls;
}

/** The server's defaults (apps/server auth-settings): both register methods, SMS login, free play. */
export const whitelabel = {
  USERNAMEREG3: true,
  MOBILENUMREG3: true,
  MOBILENUMPASSREG3: true,
  REGMOBVERF3: true,
  AGENTPOLICY3: true,
  FREEPLAY: true,
  PASSWORD_EXPIRY: false,
  SMS_LOGIN: true,
  MOBILE_PASSWORD_RECOVERY: true,
};

const rule = (patternId: string, minLength: number, maxLength: number, enabled = true, required = false) => ({
  enabled,
  required,
  minLength,
  maxLength,
  patternId,
  acceptedPattern: '',
});

export const registerSettings = {
  minimumAge: 18,
  fields: {
    username: rule('LETTER_DIGIT_LEADING_LETTER', 4, 16, true, true),
    password: rule('ANY', 8, 64, true, true),
    mobileNum: rule('DIGITS', 10, 11, false),
    email: rule('EMAIL', 6, 128, false),
    birthday: rule('DATE_YMD', 10, 10),
    affiliateCode: rule('ALPHANUMERIC', 4, 16),
  },
};

export const memberInfo = {
  id: '7',
  account: 'maria',
  nickname: 'maria',
  type: 0,
  isAgent: false,
  isTrial: false,
  merchantCode: 'BR',
  balance: 123456,
  currency: 'BRL',
  currencySymbol: 'R$',
  hasVip: false,
  vipLabelName: null,
  vipRankLevel: 0,
  availablePromoCount: 0,
  unreadMessage: 0,
  availablePromo: { REFERRAL: { enabled: false } },
};

export const settingsRoutes = {
  'GET /wps/system/whitelabel': { value: whitelabel },
  'GET /wps/system/setting/register': { value: registerSettings },
};
