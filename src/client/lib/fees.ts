import type { PublicConfig } from '../../shared/public-config.ts';

/**
 * Issue 47: both fees, with the numbers this server is configured with (GET /api/config), where
 * payments go through it; null where no money moves (payments off), where the page keeps the
 * spec's "a small service fee may apply" (§1). Imports nothing: the FAQ loads it only when its
 * fees question is opened, and a chunk without imports comes without a list of others to
 * preload, which the home page's first load has no room for (DESIGN.md "Budgets").
 */
export function configuredFees(config: PublicConfig): string | null {
  // `payments` missing: not the settings but a refusal's {message}, read as they are (faq.tsx).
  if (!config.payments || config.payments === 'off') return null;
  return `On a completed task, the poster pays a ${config.clientFeePercent}% service fee on top of the accepted offer, and the freelancer receives the offer's amount less a ${config.freelancerFeePercent}% fee.`;
}
