import type { BrowserContext } from '@playwright/test';
import type { StripeStandIn } from './stripe-stand-in.ts';

/**
 * Stripe.js in the browser tests (issue 21, PAYMENTS=stripe). The app loads the real script
 * from js.stripe.com and calls api.stripe.com, as in production; this machine cannot reach
 * them, so the tests route both: js.stripe.com gets the stand-in below, api.stripe.com the
 * local stand-in for Stripe's API (stripe-stand-in.ts), which the server's SDK talks to too.
 *
 * The stand-in does what @stripe/react-stripe-js asks of Stripe.js: `Stripe(key)` with
 * `elements({ clientSecret })`, an Element that mounts (a "Card number" field where the real
 * one has its frame), and `confirmPayment`, which posts the card to the API with the
 * publishable key and the client secret and answers as Stripe.js does (`{ error }` on a
 * decline; a redirect to return_url unless `redirect: 'if_required'`).
 */
function installStandInStripe(): void {
  type Handler = (event: unknown) => void;
  interface StandInElements {
    clientSecret: string;
    cardNumber(): string;
  }

  function Stripe(key: string) {
    const noResult = async () => ({});
    return {
      elements(options: { clientSecret: string }) {
        let input: HTMLInputElement | undefined;
        const group = {
          clientSecret: options.clientSecret,
          cardNumber: () => input?.value ?? '',
          create() {
            const handlers: Record<string, Handler> = {};
            let root: HTMLElement | undefined;
            const element = {
              mount(target: HTMLElement) {
                root = document.createElement('div');
                const label = document.createElement('label');
                label.className = 'flex flex-col gap-1';
                input = document.createElement('input');
                input.className = 'input w-full';
                input.autocomplete = 'cc-number';
                input.inputMode = 'numeric';
                label.append('Card number', input);
                root.append(label);
                target.append(root);
                setTimeout(() => handlers.ready?.({ elementType: 'payment' }), 0);
              },
              on(event: string, handler: Handler) {
                handlers[event] = handler;
                return element;
              },
              off: () => element,
              update: () => undefined,
              focus: () => input?.focus(),
              blur: () => input?.blur(),
              clear: () => {
                if (input) input.value = '';
              },
              unmount: () => root?.remove(),
              destroy: () => root?.remove(),
            };
            return element;
          },
          getElement: () => null,
          update: () => undefined,
          submit: noResult,
          fetchUpdates: noResult,
        };
        return group;
      },
      createToken: noResult,
      createPaymentMethod: noResult,
      confirmCardPayment: noResult,
      async confirmPayment(request: {
        elements: StandInElements;
        confirmParams: { return_url: string };
        redirect?: string;
      }) {
        const secret = request.elements.clientSecret;
        const intentId = secret.split('_secret_')[0];
        const body = new URLSearchParams({
          key,
          client_secret: secret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': request.elements.cardNumber(),
          return_url: request.confirmParams.return_url,
        });
        const response = await fetch(
          `https://api.stripe.com/v1/payment_intents/${intentId}/confirm`,
          { method: 'POST', body },
        );
        const answer = (await response.json()) as { error?: unknown; id: string };
        if (answer.error) return { error: answer.error };
        if (request.redirect !== 'if_required') {
          const back = new URL(request.confirmParams.return_url);
          back.searchParams.set('payment_intent', answer.id);
          back.searchParams.set('redirect_status', 'succeeded');
          window.location.assign(back.href);
          return new Promise(() => undefined);
        }
        return { paymentIntent: answer };
      },
    };
  }
  Stripe.version = 'endive';
  (window as unknown as { Stripe: typeof Stripe }).Stripe = Stripe;
}

/** Routes the context's js.stripe.com to the stand-in script and api.stripe.com to `api`. */
export async function routeStripe(context: BrowserContext, api: StripeStandIn): Promise<void> {
  // Registered after keepOnMachine's refusal of outside hosts, so asked first.
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `(${installStandInStripe.toString()})();`,
    }),
  );
  await context.route('https://api.stripe.com/**', async (route) => {
    const { pathname, search } = new URL(route.request().url());
    const response = await route.fetch({ url: `${api.url}${pathname}${search}` });
    await route.fulfill({ response });
  });
}
