import { usePaymentsServer } from './e2e-env.ts';

/**
 * Imported first by the specs of tests/e2e/payments: every helper (pageAs, callApi, …) then
 * talks to the server with PAYMENTS=test, and the `baseURL` fixture reads the same.
 */
usePaymentsServer();

export { TEST_PAYMENTS_BANNER, TEST_CARDS, formatCents } from '../../src/shared/payments.ts';
