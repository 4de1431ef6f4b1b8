import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- oidc-provider ships no type declarations; the few calls made here are typed below.
import { Provider } from 'oidc-provider';

/**
 * A local stand-in for Google's OpenID Connect provider (oidc-provider), so the "Sign in with
 * Google" flow runs end to end without the internet: in API tests through signIn() below, in
 * browser tests through its own login page.
 */

export interface OidcAccount {
  sub: string;
  name: string;
  email: string;
  picture: string;
}

export interface OidcProviderOptions {
  /** The client's callback URLs, e.g. `${PUBLIC_URL}/api/auth/callback/google`. */
  redirectUris: string[];
  /** Who may sign in; the first is `account`. */
  accounts?: OidcAccount[];
  clientId?: string;
  clientSecret?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
}

export interface OidcProviderHandle {
  /** `http://127.0.0.1:PORT`: GOOGLE_ISSUER for the app. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  account: OidcAccount;
  accounts: OidcAccount[];
  /**
   * Walks an authorization URL the way a browser would, signing in as `email` on the login
   * page, and resolves with the URL the provider sends the browser back to (the client's
   * callback with code, state and iss).
   */
  signIn(authorizationUrl: string, email?: string): Promise<string>;
  close(): Promise<void>;
}

export const DEFAULT_CLIENT_ID = 'tasklane-test-client';
export const DEFAULT_CLIENT_SECRET = 'tasklane-test-client-secret-0123456789';
export const DEFAULT_ACCOUNT: OidcAccount = {
  sub: '104857600000000000001',
  name: 'Gina Google',
  email: 'gina.google@example.com',
  picture: 'https://images.example.com/gina.png',
};
const SCOPES = ['openid', 'email', 'profile'];

// The slice of oidc-provider's API used here.
interface Interaction {
  uid: string;
  prompt: { name: string };
  params: Record<string, unknown>;
}
interface GrantInstance {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}
interface OidcContext {
  oidc: {
    client: { clientId: string };
    account: { accountId: string };
    session: { grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    provider: {
      Grant: {
        new (init: { accountId: string; clientId: string }): GrantInstance;
        find(id: string): Promise<GrantInstance | undefined>;
      };
    };
  };
  type: string;
  body: string;
}
interface ProviderInstance {
  callback(): http.RequestListener;
  interactionDetails(req: http.IncomingMessage, res: http.ServerResponse): Promise<Interaction>;
  interactionFinished(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
}
const OidcProvider = Provider as new (issuer: string, config: object) => ProviderInstance;

export async function findFreePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcProviderHandle> {
  const accounts = options.accounts?.length ? options.accounts : [DEFAULT_ACCOUNT];
  const clientId = options.clientId ?? DEFAULT_CLIENT_ID;
  const clientSecret = options.clientSecret ?? DEFAULT_CLIENT_SECRET;

  // The issuer names the port, so the server listens before the provider exists.
  let handle: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new OidcProvider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        client_name: 'Tasklane',
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // Better Auth's default for a client with a secret.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture'],
    },
    scopes: SCOPES,
    // Google puts the profile claims in the ID token too; Better Auth then reads them from it.
    conformIdTokenClaims: false,
    // Better Auth sends S256 PKCE; requiring it proves it does.
    pkce: { required: () => true },
    jwks: { keys: [privateKey.export({ format: 'jwk' })] },
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    // The dev interactions load web fonts from the internet: the login page below replaces them.
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: Interaction) => interactionPath(interaction),
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.find((candidate) => candidate.sub === sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return { ...account, email_verified: true };
        },
      };
    },
    // Tasklane is a first-party client: consent is implied, so the browser sees one page.
    async loadExistingGrant(ctx: OidcContext) {
      const { oidc } = ctx;
      const grantId =
        oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({
        accountId: oidc.account.accountId,
        clientId: oidc.client.clientId,
      });
      grant.addOIDCScope(SCOPES.join(' '));
      await grant.save();
      return grant;
    },
    async renderError(ctx: OidcContext, out: Record<string, string>) {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in error',
        Object.entries(out)
          .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(value)}</p>`)
          .join(''),
      );
    },
  });

  const providerCallback = provider.callback();
  handle = (req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/abort)?$/.exec(req.url?.split('?')[0] ?? '');
    if (!match) return providerCallback(req, res);
    const abort = Boolean(match[2]);
    handleInteraction(provider, accounts, req, res, abort).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  };

  async function signIn(authorizationUrl: string, email = accounts[0]!.email): Promise<string> {
    const jar = new CookieJar();
    let url = authorizationUrl;
    let submitted = false;
    for (let hop = 0; hop < 10; hop += 1) {
      if (new URL(url).origin !== issuer) return url;
      let response = await fetch(url, { redirect: 'manual', headers: jar.headers() });
      jar.store(response);
      if (response.status === 200 && new URL(url).pathname.startsWith('/interaction/')) {
        if (submitted) throw new Error(`login refused: ${await response.text()}`);
        submitted = true;
        response = await fetch(url, {
          method: 'POST',
          redirect: 'manual',
          headers: jar.headers(),
          body: new URLSearchParams({ email }),
        });
        jar.store(response);
      }
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        throw new Error(`provider answered ${response.status} at ${url}: ${await response.text()}`);
      }
      url = new URL(location, url).href;
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    account: accounts[0]!,
    accounts,
    signIn,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function interactionPath(interaction: { uid: string }): string {
  return `/interaction/${interaction.uid}`;
}

/** GET shows the login form, POST signs in as the account of the email given, /abort cancels. */
async function handleInteraction(
  provider: ProviderInstance,
  accounts: OidcAccount[],
  req: http.IncomingMessage,
  res: http.ServerResponse,
  abort: boolean,
): Promise<void> {
  const interaction = await provider.interactionDetails(req, res);
  if (abort) {
    const result = { error: 'access_denied', error_description: 'End-User aborted interaction' };
    return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }
  if (interaction.prompt.name !== 'login') {
    throw new Error(`unexpected prompt ${interaction.prompt.name}`);
  }
  const hint =
    typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
  if (req.method !== 'POST') return sendLoginPage(res, interaction, hint, '');

  const form = new URLSearchParams(await readBody(req));
  const email = (form.get('email') ?? '').trim().toLowerCase();
  const account = accounts.find((candidate) => candidate.email.toLowerCase() === email);
  if (!account) return sendLoginPage(res, interaction, email, `No account for ${email}.`, 401);
  return provider.interactionFinished(
    req,
    res,
    { login: { accountId: account.sub } },
    { mergeWithLastSubmission: false },
  );
}

function sendLoginPage(
  res: http.ServerResponse,
  interaction: Interaction,
  email: string,
  error: string,
  status = 200,
): void {
  const path = interactionPath(interaction);
  const body = `
    <p>to continue to Tasklane</p>
    ${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
    <form method="post" action="${path}">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="email" required autofocus
        value="${escapeHtml(email)}">
      <button type="submit">Sign in</button>
    </form>
    <p><a href="${path}/abort">Cancel</a></p>`;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(page('Sign in', body));
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)} - Test OpenID Provider</title>
  </head>
  <body>
    <main>
      <h1>${escapeHtml(title)}</h1>
      ${body}
    </main>
  </body>
</html>`;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

/**
 * The cookies of one origin, as a browser would keep them for fetch with manual redirects.
 * Paths and domains are ignored: every cookie goes with every request to that origin.
 */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      if (separator < 1) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', setting = ''] = attribute.split('=').map((part) => part.trim());
        if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(setting) <= Date.now();
        return false;
      });
      if (!value || expired) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  names(): string[] {
    return [...this.#cookies.keys()];
  }

  /** A Cookie header, or none while the jar is empty. */
  headers(): Record<string, string> {
    const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return cookie ? { cookie } : {};
  }
}

// `node tests/support/oidc-provider.ts` runs the provider alone, e.g. as a Playwright webServer.
if (import.meta.main) {
  const port = Number(process.env.OIDC_PORT ?? 4010);
  const redirectUris = (process.env.OIDC_REDIRECT_URIS ?? '').split(',').filter(Boolean);
  if (!redirectUris.length) throw new Error('OIDC_REDIRECT_URIS is required (comma separated)');
  const oidc = await startOidcProvider({ port, redirectUris });
  console.log(`OpenID provider at ${oidc.issuer} (client ${oidc.clientId})`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void oidc.close().then(() => process.exit(0)));
  }
}
