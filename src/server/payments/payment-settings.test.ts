import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeOffer, postTask } from '../../../tests/support/marketplace.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { parseConfig } from '../config.ts';

/**
 * Issue 21's settings: PAYMENTS chooses the provider (test unless Stripe's three keys are set),
 * fees are basis points; and with PAYMENTS=off hiring is the spec's, with no money routes.
 */
describe('PAYMENTS', () => {
  const keys = {
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
  };

  it('is test by default, stripe with all three keys, and refuses stripe without them', () => {
    expect(parseConfig({}).payments).toMatchObject({
      mode: 'test',
      clientFeeBp: 500,
      freelancerFeeBp: 1000,
      stripe: undefined,
    });
    expect(parseConfig(keys).payments).toMatchObject({
      mode: 'stripe',
      stripe: { secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x' },
    });
    expect(parseConfig({ ...keys, PAYMENTS: 'test' }).payments.mode).toBe('test');
    expect(() => parseConfig({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk' })).toThrow(
      /PAYMENTS: stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => parseConfig({ PAYMENTS: 'cash' })).toThrow(/PAYMENTS/);
    expect(
      parseConfig({ CLIENT_FEE_PERCENT: '2.5', FREELANCER_FEE_PERCENT: '0' }).payments,
    ).toMatchObject({ clientFeeBp: 250, freelancerFeeBp: 0 });
    expect(() => parseConfig({ CLIENT_FEE_PERCENT: '101' })).toThrow(/CLIENT_FEE_PERCENT/);
  });

  it('issues receipts as LEGAL_NAME at LEGAL_ADDRESS, with TAX_ID when set (issue 47)', () => {
    expect(parseConfig({}).payments.seller).toEqual({
      legalName: 'Tasklane',
      address: 'Dhaka, Bangladesh',
      taxId: null,
    });
    const seller = { LEGAL_NAME: 'Tasklane Ltd.', LEGAL_ADDRESS: '1 Main St', TAX_ID: 'VAT 42' };
    expect(parseConfig(seller).payments.seller).toEqual({
      legalName: 'Tasklane Ltd.',
      address: '1 Main St',
      taxId: 'VAT 42',
    });
  });
});

describe('PAYMENTS=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PAYMENTS: 'off' });
  });
  afterAll(async () => t.close());

  it('hires on accept, as the spec does, and serves no money routes', async () => {
    const [poster, freelancer] = await Promise.all([t.signUp(), t.signUp()]);
    const taskId = await postTask(t, poster);
    const offerId = await makeOffer(t, freelancer, taskId);
    expect(await call(t, 'POST', `/api/offers/${offerId}/accept`, poster)).toEqual({
      status: 200,
      body: { modifiedCount: 1 },
    });
    for (const url of [`/api/offers/${offerId}/checkout`, '/api/me/earnings', '/api/me/payments']) {
      expect((await call(t, 'GET', url, poster)).status).toBe(404);
    }
  });
});

describe('PAYMENTS=test in the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PAYMENTS: 'test' });
  });
  afterAll(async () => t.close());

  it('describes the money routes and the 402 of accept', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/offers/{id}/checkout', 'get'],
      ['/api/offers/{id}/pay', 'post'],
      ['/api/tasks/{id}/payment', 'get'],
      ['/api/tasks/{id}/dispute/statements', 'post'],
      ['/api/me/earnings', 'get'],
      ['/api/me/payments', 'get'],
      ['/api/me/payout-account', 'put'],
      ['/api/me/payouts', 'post'],
      ['/api/receipts/{number}', 'get'],
      ['/api/admin/disputes', 'get'],
      ['/api/admin/disputes/{id}/resolve', 'post'],
    ] as const) {
      expect(spec.paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
    }
    const accept = spec.paths['/api/offers/{id}/accept'].post.responses['402'];
    expect(accept.content['application/json'].schema).toMatchObject({
      required: ['message', 'checkout', 'checkoutApi'],
    });
  });
});
