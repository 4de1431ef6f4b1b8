import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildClientIfStale } from '../support/build-client.ts';
import { writeE2eEnv } from '../support/e2e-env.ts';
import { startOidcProvider, type OidcProviderHandle } from '../support/oidc-provider.ts';
import { ROOT_DIR, startServer, type ServerProcess } from '../support/server-process.ts';

/**
 * Before the browser tests: the client built when dist/client is missing or older than its
 * sources (tests/support/build-client.ts), then the local OpenID provider (standing in for
 * Google) and the real server on a fresh data directory. Returns the teardown that stops both.
 */
const LOG_DIR = path.join(ROOT_DIR, '.tmp/e2e');

export default async function globalSetup(): Promise<() => Promise<void>> {
  buildClientIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-e2e-'));
  const paymentsDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-e2e-payments-'));
  let oidc: OidcProviderHandle | undefined;
  let server: ServerProcess | undefined;
  // Issue 21: a second server with test payments, for tests/e2e/payments (the `payments`
  // project); the first hires without money (PAYMENTS=off), as the spec's flows do.
  let paymentsServer: ServerProcess | undefined;

  const teardown = async () => {
    if (server) {
      // A server that died mid-run fails every later test with ECONNREFUSED: say why, once.
      const { exitCode, signalCode } = server.child;
      if (exitCode !== null || signalCode !== null) {
        const tail = server.output().trimEnd().split('\n').slice(-20).join('\n');
        console.error(
          `e2e: the server exited during the run (${exitCode ?? signalCode}):\n${tail}`,
        );
      }
      await server.stop().catch((error: unknown) => console.error(error));
      fs.mkdirSync(LOG_DIR, { recursive: true });
      fs.writeFileSync(path.join(LOG_DIR, 'server.log'), server.output());
    }
    if (paymentsServer) {
      await paymentsServer.stop().catch((error: unknown) => console.error(error));
      fs.mkdirSync(LOG_DIR, { recursive: true });
      fs.writeFileSync(path.join(LOG_DIR, 'payments-server.log'), paymentsServer.output());
    }
    await oidc?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(paymentsDataDir, { recursive: true, force: true });
  };

  try {
    // The server reads the provider's discovery document when it starts, and the provider must
    // know the server's callback URL, whose port startServer picks. So: a provider first (its
    // callback not known yet), the server pointed at it, then the provider again on the same
    // port with the callback. Its URLs stay the same; its signing key is fetched on first use.
    const first = await startOidcProvider({ redirectUris: ['http://127.0.0.1:1/unused'] });
    oidc = first;
    server = await startServer({
      // A loaded machine may take longer than the default 20 s to start a server.
      readyTimeoutMs: 60_000,
      dataDir,
      env: {
        GOOGLE_CLIENT_ID: first.clientId,
        GOOGLE_CLIENT_SECRET: first.clientSecret,
        GOOGLE_ISSUER: first.issuer,
        AUTH_RATE_LIMIT_MAX: '100000',
        // Issue 47: reporters from one address count once; tests give each its own address.
        TRUST_PROXY: 'true',
      },
    });
    oidc = undefined;
    await first.close();
    oidc = await startOidcProvider({
      port: Number(new URL(first.issuer).port),
      redirectUris: [`${server.url}/api/auth/callback/google`],
    });
    paymentsServer = await startServer({
      // A loaded machine may take longer than the default 20 s to start a server.
      readyTimeoutMs: 60_000,
      dataDir: paymentsDataDir,
      env: { AUTH_RATE_LIMIT_MAX: '100000', PAYMENTS: 'test', PAYMENT_POLL_MS: '200' },
    });
    writeE2eEnv({
      payments: { baseURL: paymentsServer.url, dataDir: paymentsDataDir },
      baseURL: server.url,
      oidcIssuer: oidc.issuer,
      googleAccount: { name: oidc.account.name, email: oidc.account.email },
      dataDir,
    });
    console.log(
      `e2e: server ${server.url}, with test payments ${paymentsServer.url}, OpenID provider ${oidc.issuer}`,
    );
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
