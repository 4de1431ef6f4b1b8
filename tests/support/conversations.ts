import { expect } from 'vitest';
import type { Notification, NotificationPage } from '../../src/shared/notifications.ts';
import { call } from './marketplace.ts';
import type { TestApp, TestUser } from './test-app.ts';

/** Questions, messages and notifications of issue 10 driven through the API. */

/** POST `url` with `{text}`, expecting 201; returns the new id. */
export async function write(t: TestApp, user: TestUser, url: string, text: string) {
  const answer = await call(t, 'POST', url, user, { text });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { insertedId: string }).insertedId;
}

export const askQuestion = (t: TestApp, user: TestUser, taskId: string, text = 'Is it urgent?') =>
  write(t, user, `/api/tasks/${taskId}/questions`, text);

export const replyTo = (t: TestApp, user: TestUser, questionId: string, text = 'Not really.') =>
  write(t, user, `/api/questions/${questionId}/replies`, text);

export const sendMessage = (t: TestApp, user: TestUser, offerId: string, text = 'Hello!') =>
  write(t, user, `/api/offers/${offerId}/messages`, text);

/** The user's newest notifications (up to 100) and unread count, through the API. */
export async function notificationsOf(t: TestApp, user: TestUser): Promise<NotificationPage> {
  const answer = await call(t, 'GET', '/api/notifications?limit=100', user);
  expect(answer.status).toBe(200);
  return answer.body as NotificationPage;
}

/**
 * Watches users' notifications across an action: `news()` lists, per user, the notifications
 * that came after the watch began, oldest first.
 */
export async function watchNotifications(t: TestApp, users: TestUser[]) {
  const seen = new Map<string, Set<string>>();
  for (const user of users) {
    const { items } = await notificationsOf(t, user);
    seen.set(user.id, new Set(items.map((item) => item._id)));
  }
  return {
    async of(user: TestUser): Promise<Notification[]> {
      const { items } = await notificationsOf(t, user);
      return items.filter((item) => !seen.get(user.id)?.has(item._id)).reverse();
    },
  };
}
