import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local HTTP server standing in for Stripe's API (issue 21), as the OpenID provider stands in
 * for Google: the official SDK talks to it through STRIPE_API_URL. It keeps PaymentIntents,
 * refunds, transfers and Connect accounts in memory, honours Idempotency-Key (the same key
 * answers the first answer), and lists them. What Stripe.js would do in the browser (confirm
 * a payment with a card) and what Stripe would send (signed webhooks) are methods the tests call.
 */

type Params = Record<string, string>;
interface Stored {
  id: string;
  object: string;
  [key: string]: unknown;
}

export interface StripeStandIn {
  url: string;
  webhookSecret: string;
  env: Record<string, string>;
  /** Every request the SDK made: method, path and the idempotency key it carried. */
  requests: { method: string; path: string; idempotencyKey: string | undefined }[];
  intents: Map<string, Stored>;
  refunds: Map<string, Stored>;
  transfers: Map<string, Stored>;
  accounts: Map<string, Stored>;
  /** What Stripe.js does when the poster pays: the card's outcome on the PaymentIntent. */
  confirm(intentId: string, outcome: Outcome): Stored;
  /** A reversal made in Stripe's dashboard: the transfer, with its amount_reversed. */
  reverseTransfer(transferId: string, amountCents: number): Stored;
  /** Finishes a Connect account's onboarding: payouts are enabled. */
  completeOnboarding(accountId: string): void;
  /** A webhook body for the object and its Stripe-Signature header, signed with the secret. */
  signedEvent(type: string, object: Stored, id?: string): { payload: string; signature: string };
  close(): Promise<void>;
}

type Outcome = 'succeeds' | 'declined' | 'insufficient_funds';

/** Stripe's well-known test cards, as typed into the Payment Element. */
const BROWSER_CARDS: Record<string, Outcome> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
};

const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

/** metadata[paymentId]=… → { metadata: { paymentId } }, one level deep, as the SDK sends. */
function metadataOf(params: Params): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const webhookSecret = `whsec_${crypto.randomBytes(16).toString('hex')}`;
  const intents = new Map<string, Stored>();
  const refunds = new Map<string, Stored>();
  const transfers = new Map<string, Stored>();
  const accounts = new Map<string, Stored>();
  const answered = new Map<string, { status: number; body: unknown }>();
  const requests: StripeStandIn['requests'] = [];
  const list = (items: Map<string, Stored>) => ({
    object: 'list',
    data: [...items.values()],
    has_more: false,
    url: '/v1/list',
  });
  const notFound = (id: string) => ({
    status: 404,
    body: { error: { type: 'invalid_request_error', message: `No such object: '${id}'` } },
  });

  /**
   * What Stripe.js sends when the poster pays (tests/support/stripe-js-stand-in.ts, in the
   * browser): the publishable key, the client secret and the card typed into the Element. The
   * well-known test cards decide the outcome; a decline answers 402 with Stripe's card error.
   */
  function confirmFromBrowser(intent: Stored, params: Params): { status: number; body: unknown } {
    if (params.key !== 'pk_test_stand_in' || params.client_secret !== intent.client_secret) {
      const message = 'The client_secret provided does not match this PaymentIntent.';
      return { status: 400, body: { error: { type: 'invalid_request_error', message } } };
    }
    const number = (params['payment_method_data[card][number]'] ?? '').replace(/\s/g, '');
    const outcome = BROWSER_CARDS[number];
    if (!outcome) {
      const error = {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
      };
      return { status: 402, body: { error } };
    }
    const confirmed = confirmIntent(intent, outcome, number.slice(-4));
    if (outcome === 'succeeds') return { status: 200, body: confirmed };
    const error = { ...(confirmed.last_payment_error as object), payment_intent: confirmed };
    return { status: 402, body: { error } };
  }

  /** The charges of succeeded intents, by id: what `expand[]=latest_charge` shows of one. */
  const charges = new Map<string, Stored>();

  function confirmIntent(intent: Stored, outcome: Outcome, last4 = '4242'): Stored {
    if (outcome === 'succeeds') {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.last_payment_error = null;
      const charge = {
        id: newId('ch'),
        object: 'charge',
        payment_method_details: { type: 'card', card: { brand: 'visa', last4 } },
      };
      charges.set(charge.id, charge);
      intent.latest_charge = charge.id;
    } else {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: outcome === 'declined' ? 'generic_decline' : 'insufficient_funds',
        message: 'Your card was declined.',
      };
    }
    return intent;
  }

  function route(method: string, path: string, params: Params): { status: number; body: unknown } {
    const [, , resource, id, action] = path.split('/');
    const created = Math.floor(Date.now() / 1000);
    if (resource === 'payment_intents') {
      if (method === 'GET' && !id) return { status: 200, body: list(intents) };
      if (method === 'POST' && !id) {
        const intent: Stored = {
          id: newId('pi'),
          object: 'payment_intent',
          amount: Number(params.amount),
          amount_received: 0,
          currency: params.currency,
          description: params.description ?? null,
          metadata: metadataOf(params),
          status: 'requires_payment_method',
          last_payment_error: null,
          created,
        };
        intent.client_secret = `${intent.id}_secret_${crypto.randomBytes(8).toString('hex')}`;
        intents.set(intent.id, intent);
        return { status: 200, body: intent };
      }
      const intent = intents.get(id ?? '');
      if (!intent) return notFound(id ?? '');
      if (method === 'POST' && action === 'confirm') return confirmFromBrowser(intent, params);
      if (method === 'POST' && action === 'cancel') {
        if (intent.status === 'succeeded') {
          const message =
            'You cannot cancel this PaymentIntent because it has a status of succeeded.';
          return { status: 400, body: { error: { type: 'invalid_request_error', message } } };
        }
        intent.status = 'canceled';
      }
      // As Stripe does: the charge as an id, or the object when asked to expand it.
      const expand = Object.entries(params).some(
        ([key, value]) => key.startsWith('expand') && value === 'latest_charge',
      );
      const charge = expand && charges.get(String(intent.latest_charge));
      return { status: 200, body: charge ? { ...intent, latest_charge: charge } : intent };
    }
    if (resource === 'refunds') {
      if (method === 'GET') return { status: 200, body: list(refunds) };
      const intent = intents.get(params.payment_intent ?? '');
      if (!intent || intent.status !== 'succeeded') return notFound(params.payment_intent ?? '');
      const refund: Stored = {
        id: newId('re'),
        object: 'refund',
        amount: Number(params.amount),
        payment_intent: intent.id,
        status: 'succeeded',
        created,
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    if (resource === 'transfers') {
      if (method === 'GET') return { status: 200, body: list(transfers) };
      const account = accounts.get(params.destination ?? '');
      if (!account) return notFound(params.destination ?? '');
      const transfer: Stored = {
        id: newId('tr'),
        object: 'transfer',
        amount: Number(params.amount),
        amount_reversed: 0,
        currency: params.currency,
        destination: account.id,
        created,
      };
      transfers.set(transfer.id, transfer);
      return { status: 200, body: transfer };
    }
    if (resource === 'accounts') {
      if (method === 'POST' && !id) {
        const account: Stored = {
          id: newId('acct'),
          object: 'account',
          type: params.type,
          metadata: metadataOf(params),
          payouts_enabled: false,
          charges_enabled: false,
        };
        accounts.set(account.id, account);
        return { status: 200, body: account };
      }
      const account = accounts.get(id ?? '');
      return account ? { status: 200, body: account } : notFound(id ?? '');
    }
    if (resource === 'account_links') {
      const account = params.account ?? '';
      if (!accounts.has(account)) return notFound(account);
      const url = `https://connect.stripe.test/setup/${account}`;
      return {
        status: 200,
        body: { object: 'account_link', url, created, expires_at: created + 300 },
      };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: path } } };
  }

  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const params = Object.fromEntries(
        new URLSearchParams(request.method === 'GET' ? url.search : body),
      );
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method: request.method ?? '', path: url.pathname, idempotencyKey });
      const key = idempotencyKey && `${request.method} ${url.pathname} ${idempotencyKey}`;
      const answer =
        (key && answered.get(key)) || route(request.method ?? '', url.pathname, params);
      if (key && answer.status === 200) answered.set(key, answer);
      // Stripe.js calls the API from the page's origin (a simple form POST: no preflight).
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
      });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signer = new Stripe('sk_test_stand_in');

  return {
    url,
    webhookSecret,
    env: {
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_stand_in',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: url,
    },
    requests,
    intents,
    refunds,
    transfers,
    accounts,
    confirm(intentId, outcome) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no PaymentIntent ${intentId}`);
      return confirmIntent(intent, outcome);
    },
    reverseTransfer(transferId, amountCents) {
      const transfer = transfers.get(transferId);
      if (!transfer) throw new Error(`no transfer ${transferId}`);
      transfer.amount_reversed = Number(transfer.amount_reversed) + amountCents;
      return transfer;
    },
    completeOnboarding(accountId) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`no account ${accountId}`);
      account.payouts_enabled = true;
      account.charges_enabled = true;
    },
    signedEvent(type, object, id = newId('evt')) {
      const payload = JSON.stringify({
        id,
        object: 'event',
        type,
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      const signature = signer.webhooks.generateTestHeaderString({
        payload,
        secret: webhookSecret,
      });
      return { payload, signature };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
