import { moderationStateOf } from '../../shared/moderation-state.ts';
import type { Review } from '../../shared/reviews.ts';
import { accountStateOf } from '../moderation/account-state.ts';
import type { ReviewWithReviewer } from './reviews.store.ts';

/**
 * A review as the API answers it, from its row. Apart from reviews.service.ts so profiles can
 * show reviews without importing the service that notifies (issue 48: no import circles).
 */
export function toReview(row: ReviewWithReviewer, taskTitle: string): Review {
  return {
    _id: row.id,
    rating: Number(row.rating),
    comment: row.comment,
    createdAt: row.created_at,
    role: row.reviewee_role,
    reviewer: {
      _id: row.reviewer_id,
      name: row.reviewer_name,
      image: row.reviewer_image,
      ...accountStateOf(row.reviewer_banned, row.reviewer_ban_expires),
    },
    revieweeId: row.reviewee_id,
    task: { _id: row.task_id, title: taskTitle },
    ...(row.moderation
      ? { moderation: moderationStateOf(row.moderation, row.moderation_reason) }
      : {}),
  };
}
