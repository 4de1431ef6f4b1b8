import type { Task } from '../../../shared/tasks.ts';
import { offersApi } from './offers-api.ts';

/**
 * How many pending offers wait for the poster's answer on each of their tasks (issue 9). Only
 * an open task with bids can have any, so only those are asked about; a task whose offers cannot
 * be read counts none rather than failing the page.
 */
export async function loadOffersWaiting(tasks: Task[]): Promise<Map<string, number>> {
  const asked = tasks.filter((task) => task.status === 'open' && task.bidsCount > 0);
  const counts = await Promise.all(
    asked.map((task) =>
      offersApi.listTaskOffers(task._id).then(
        (offers) => offers.filter((offer) => offer.status === 'pending').length,
        () => 0,
      ),
    ),
  );
  return new Map(asked.map((task, index) => [task._id, counts[index]!]));
}
