import { z } from 'zod';
import {
  myOfferSchema,
  offerSchema,
  reopenAnswerSchema,
  type OfferInput,
  type ReopenInput,
} from '../../../shared/offers.ts';
import type { DeliverInput } from '../../../shared/delivery.ts';
import { checkoutPath } from '../../../shared/links.ts';
import { insertedSchema, modifiedSchema } from '../../../shared/tasks.ts';
import { ApiError, requestAs } from '../../lib/api.ts';
import { apiPaths } from '../../lib/paths.ts';

/** The offers and hiring calls of issue 9, each answer read with its shared schema. */
export const offersApi = {
  /** The poster gets every offer on the task; anyone else only their own. */
  listTaskOffers: (taskId: string) =>
    requestAs(z.array(offerSchema), 'GET', apiPaths.taskOffers(taskId)),
  listMyOffers: () => requestAs(z.array(myOfferSchema), 'GET', apiPaths.myOffers),
  makeOffer: (taskId: string, input: OfferInput) =>
    requestAs(insertedSchema, 'POST', apiPaths.taskOffers(taskId), input),
  editOffer: (offerId: string, input: OfferInput) =>
    requestAs(modifiedSchema, 'PUT', apiPaths.offer(offerId), input),
  withdrawOffer: (offerId: string) =>
    requestAs(modifiedSchema, 'POST', apiPaths.offerTransition(offerId, 'withdraw')),
  /**
   * Resolves to null once hired, or (issue 21: payments on) to the checkout page where the
   * poster pays first: the server's 402 names it, built by the same shared/links.ts checkoutPath.
   */
  acceptOffer: (offerId: string) =>
    requestAs(modifiedSchema, 'POST', apiPaths.offerTransition(offerId, 'accept')).then(
      () => null,
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 402) return checkoutPath(offerId);
        throw error;
      },
    ),
  declineOffer: (offerId: string) =>
    requestAs(modifiedSchema, 'POST', apiPaths.offerTransition(offerId, 'decline')),
  /** Issue 49: with a note and files when given; without, the spec's call. */
  deliverTask: (taskId: string, input?: DeliverInput) =>
    requestAs(modifiedSchema, 'POST', apiPaths.taskTransition(taskId, 'deliver'), input),
  completeTask: (taskId: string) =>
    requestAs(modifiedSchema, 'POST', apiPaths.taskTransition(taskId, 'complete')),
  reopenTask: (taskId: string, input: ReopenInput) =>
    requestAs(reopenAnswerSchema, 'POST', apiPaths.taskTransition(taskId, 'reopen'), input),
};
