import { TEST_CARDS } from '../../src/shared/payments.ts';
import { callApi, createTaskOverApi, type SignedUpUser } from './e2e-accounts.ts';
import { completeOverApi, deliverOverApi, expect, offerOverApi } from './e2e-offers.ts';
import { newTask } from './e2e-tasks.ts';

/**
 * A task of the poster's, the freelancer hired by paying with the good card (issue 21), for the
 * specs of tests/e2e/payments (which import e2e-payments.ts first).
 */
export async function paidHire(
  poster: SignedUpUser,
  freelancer: SignedUpUser,
  amount: number,
  until: 'assigned' | 'completed',
): Promise<{ taskId: string; title: string }> {
  const task = newTask();
  const taskId = await createTaskOverApi(poster, task);
  const offerId = await offerOverApi(freelancer, taskId, { amount });
  const paid = await callApi('POST', `/api/offers/${offerId}/pay`, {
    body: { card: { number: TEST_CARDS.succeeds, expiry: '12/40', cvc: '123' } },
    cookie: poster.cookieHeader,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  if (until === 'completed') {
    await deliverOverApi(freelancer, taskId);
    await completeOverApi(poster, taskId);
  }
  return { taskId, title: task.title };
}
