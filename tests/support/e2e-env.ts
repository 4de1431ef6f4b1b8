/**
 * What the browser tests' global setup (tests/e2e/global-setup.ts) hands to the test workers.
 * Playwright starts the workers after the global setup, with its process.env, so environment
 * variables are the channel.
 */
export interface E2eEnv {
  /** The real server, http://127.0.0.1:PORT (no trailing slash): baseURL and the Origin to send. */
  baseURL: string;
  /** The local OpenID provider standing in for Google. */
  oidcIssuer: string;
  /** The provider's one account (DEFAULT_ACCOUNT of tests/support/oidc-provider.ts). */
  googleAccount: { name: string; email: string };
  /** The server's DATA_DIR (its SQLite database), for the server's own CLIs (issue 20: admins). */
  dataDir: string;
  /** Issue 21: the server with PAYMENTS=test, for the `payments` project's tests. */
  payments: { baseURL: string; dataDir: string };
}

export const E2E_ENV_VARIABLE = 'TASKLANE_E2E';

export function writeE2eEnv(env: E2eEnv): void {
  process.env[E2E_ENV_VARIABLE] = JSON.stringify(env);
}

let cached: E2eEnv | undefined;

export function e2eEnv(): E2eEnv {
  if (cached) return cached;
  const raw = process.env[E2E_ENV_VARIABLE];
  if (!raw) {
    throw new Error(
      `${E2E_ENV_VARIABLE} is not set: run the browser tests with \`npx playwright test\`, ` +
        'whose global setup (tests/e2e/global-setup.ts) starts the server.',
    );
  }
  cached = JSON.parse(raw) as E2eEnv;
  return cached;
}

/**
 * Points every helper at the server with test payments (issue 21). Called when
 * tests/support/e2e-payments.ts is imported, by the specs of the `payments` project only: its
 * workers run no other project's tests (playwright.config.ts).
 */
export function usePaymentsServer(): void {
  const env = e2eEnv();
  cached = { ...env, baseURL: env.payments.baseURL, dataDir: env.payments.dataDir };
}

/**
 * Points every helper at another server (a test's own, such as the Stripe one of
 * tests/e2e/payments/stripe-checkout.spec.ts) until the returned function points them back.
 */
export function pointHelpersAt(baseURL: string): () => void {
  const before = e2eEnv();
  cached = { ...before, baseURL };
  return () => {
    cached = before;
  };
}
