import type { Question } from '../../../shared/conversations.ts';
import type { Offer } from '../../../shared/offers.ts';
import type { TaskReview } from '../../../shared/reviews.ts';
import type { Task } from '../../../shared/tasks.ts';
import { api } from '../../lib/api.ts';
import { earlyReadsStartedAt } from '../../lib/early-data.ts';
import { conversationsApi } from '../conversations/conversations-api.ts';
import { offersApi } from '../offers/offers-api.ts';
import { reviewsApi } from '../reviews/reviews-api.ts';

/**
 * What the task details page shows: the task, the offers the reader may see, its reviews and its
 * public questions.
 */
export interface TaskPageData {
  task: Task;
  /** The poster gets every offer; anyone else only their own (issue 9's privacy rule). */
  offers: Offer[];
  reviews: TaskReview[];
  /** Newest first, with their replies (issue 10). */
  questions: Question[];
  /** When these reads began (Date.now()), or earlier: what a change after it may have missed. */
  readAt: number;
}

/**
 * The page's loader (spec §2 "Loader fetches that task"), the four reads side by side; the shell
 * has started them with the navigation (src/shared/page-reads.ts taskPageReads).
 */
export async function loadTaskPage(id: string): Promise<TaskPageData> {
  // The shell's reads may have begun before this call, with the navigation.
  const readAt = Math.min(Date.now(), earlyReadsStartedAt());
  const [task, offers, reviews, questions] = await Promise.all([
    api.getTask(id),
    offersApi.listTaskOffers(id),
    reviewsApi.listTaskReviews(id),
    conversationsApi.listTaskQuestions(id),
  ]);
  return { task, offers, reviews, questions, readAt };
}
