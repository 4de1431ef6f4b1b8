import type { MyOffer } from '../../../shared/offers.ts';

/** The tasks the user is hired for and has not finished (issue 9). */
export const activeJobsOf = (offers: MyOffer[]) =>
  offers.filter((offer) => offer.status === 'accepted' && offer.task.status === 'assigned');

/** Offers waiting for the poster's answer (issue 47: listed on the dashboard). */
export const pendingOffersOf = (offers: MyOffer[]) =>
  offers.filter((offer) => offer.status === 'pending');

/**
 * The dashboard's freelancer counters (issue 9): Bids Sent, the offers made and not taken back;
 * Active Jobs, the tasks the user is hired for and has not finished.
 */
export function myWorkCounters(offers: MyOffer[]): { label: string; value: number }[] {
  return [
    {
      label: 'Bids Sent',
      value: offers.filter((offer) => offer.status !== 'withdrawn').length,
    },
    { label: 'Active Jobs', value: activeJobsOf(offers).length },
  ];
}
