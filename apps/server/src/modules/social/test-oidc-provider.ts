import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person the test provider signs in. */
export type TestAccount = { sub: string; email: string; emailVerified: boolean; name: string };

export type TestClient = { clientId: string; clientSecret: string; redirectUri: string };

export type TestOidcProvider = {
  issuer: string;
  /** Who the next interaction signs in. */
  account: TestAccount;
  /** When true the next interactions refuse, as a person pressing "Cancel" would. */
  deny: boolean;
  close(): Promise<void>;
};

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 and a free port, for driving the sign-in end
 * to end. Its only page is an interaction endpoint that logs the current test account in and grants
 * the requested scopes at once, where a real provider would show login and consent forms.
 */
export async function startTestOidcProvider(
  clients: TestClient[],
  account: TestAccount,
): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state: TestOidcProvider = { issuer, account, deny: false, close: () => closeServer(server) };

  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: [c.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    findAccount: (_ctx: unknown, sub: string) =>
      sub === state.account.sub
        ? {
            accountId: sub,
            claims: () => ({
              sub,
              email: state.account.email,
              email_verified: state.account.emailVerified,
              name: state.account.name,
            }),
          }
        : undefined,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google and Facebook put the profile claims in the ID token itself; so does this provider.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-oidc-provider-cookie-key'] },
    // Its own signing key and lifetimes, so the provider runs without its quick-start notices.
    jwks: {
      keys: [generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })],
    },
    ttl: {
      AccessToken: 300,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 300,
      Interaction: 300,
      Session: 600,
    },
    pkce: { required: () => true },
  });
  const handleProviderRequest = provider.callback();

  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handleProviderRequest(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (state.deny) {
        await provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'the person cancelled' },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const accountId = state.account.sub;
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  return state;
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}
