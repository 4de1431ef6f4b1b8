import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { taskLink } from '../../shared/links.ts';
import type { NotificationEvent } from '../../shared/live-events.ts';
import { NOTIFICATION_TEXTS } from '../../shared/notifications.ts';
import { watchNotifications } from '../../../tests/support/conversations.ts';
import { openEventStream } from '../../../tests/support/event-stream.ts';
import { call, postTask } from '../../../tests/support/marketplace.ts';
import { deleteSavedSearches, saveSearch } from '../../../tests/support/saved-searches.ts';
import { useTestApp, validTask, type TestUser } from '../../../tests/support/test-app.ts';
import { textsMatchingTask } from './text-match.ts';

/**
 * Saved-search alerts (issue 11) on both engines: a posted task that matches a saved search
 * tells its owner once, through the notifications and their live event; never its poster.
 */

const t = useTestApp({ MESSAGE_RATE_LIMIT_MAX: '10000' });
const [poster, ann, ben] = t.users('Paula Poster', 'Ann Alert', 'Ben Browse');

const save = (user: TestUser, name: string, query: Record<string, unknown> = {}) =>
  saveSearch(t, user, name, query);

const alertText = (searchName: string, title: string) =>
  NOTIFICATION_TEXTS.saved_search_match({ name: null, title, searchName });

/** Each saved search below is deleted after its test, so tests do not see each other's. */
async function withSearches(run: () => Promise<void>) {
  try {
    await run();
  } finally {
    for (const user of [poster, ann, ben]) await deleteSavedSearches(t, user);
  }
}

describe('saved-search alerts', () => {
  it('tell the owner of a matching search once, with a link to the task', () =>
    withSearches(async () => {
      await save(ann, 'logo design', { q: 'logo', category: ['Design'] });
      const watch = await watchNotifications(t, [ann, ben]);
      const title = 'Logo for a flower shop';
      const taskId = await postTask(t, poster, { title });

      const news = await watch.of(ann);
      expect(news.map((n) => [n.type, n.text, n.link, n.readAt])).toEqual([
        ['saved_search_match', alertText('logo design', title), taskLink(taskId), null],
      ]);
      expect(news[0]?.text).toBe(`New task for “logo design”: “${title}”.`);
      expect(await watch.of(ben)).toEqual([]);

      // Edits, whether they still match or not, tell nobody again.
      const edit = (overrides: Record<string, unknown>) =>
        call(t, 'PUT', `/api/tasks/${taskId}`, poster, validTask({ title, ...overrides }));
      expect((await edit({ description: 'Now with a leaf in it.' })).status).toBe(200);
      expect((await edit({ category: 'Writing' })).status).toBe(200);
      expect((await edit({ category: 'Design' })).status).toBe(200);
      expect(await watch.of(ann)).toHaveLength(1);
    }));

  it('tell an owner with several matching searches only once per task', () =>
    withSearches(async () => {
      await save(ann, 'Logos', { q: 'logo' });
      await save(ann, 'Design work', { category: ['Design'], minBudget: 100 });
      await save(ben, 'Anything', {});
      const watch = await watchNotifications(t, [ann, ben]);
      const taskId = await postTask(t, poster, { title: 'A logo for a café' });

      const [annNews, benNews] = [await watch.of(ann), await watch.of(ben)];
      expect(annNews.map((n) => [n.type, n.link])).toEqual([
        ['saved_search_match', taskLink(taskId)],
      ]);
      // The search that matched first (the oldest) names it.
      expect(annNews[0]?.text).toBe(alertText('Logos', 'A logo for a café'));
      expect(benNews.map((n) => n.text)).toEqual([alertText('Anything', 'A logo for a café')]);
      // One row per task and owner, whatever else tries: the table's key refuses a second.
      const alerts = await t.db
        .selectFrom('saved_search_alerts')
        .select('user_id')
        .where('task_id', '=', taskId)
        .execute();
      expect(alerts.map((row) => row.user_id).sort()).toEqual([ann.id, ben.id].sort());
      await expect(
        t.db
          .insertInto('saved_search_alerts')
          .values({ task_id: taskId, user_id: ann.id, saved_search_id: null, created_at: 'x' })
          .execute(),
      ).rejects.toThrow();
    }));

  it('never tell the poster of their own task', () =>
    withSearches(async () => {
      await save(poster, 'My own kind of task', { q: 'logo' });
      const watch = await watchNotifications(t, [poster]);
      await postTask(t, poster, { title: 'Another logo' });
      expect(await watch.of(poster)).toEqual([]);
    }));

  it('tell nobody of a task that matches no saved search', () =>
    withSearches(async () => {
      await save(ann, 'Logos', { q: 'logo' });
      await save(ben, 'Big writing', { category: ['Writing'], minBudget: 1000 });
      const watch = await watchNotifications(t, [ann, ben]);
      await postTask(t, poster, {
        title: 'Write a product page',
        category: 'Writing',
        description: 'Five hundred words about a teapot.',
        budget: 200,
      });
      expect(await watch.of(ann)).toEqual([]);
      expect(await watch.of(ben)).toEqual([]);
    }));

  it('tell an owner once an edit makes the task match, and not again', () =>
    withSearches(async () => {
      await save(ann, 'Copywriting', { category: ['Writing'] });
      const watch = await watchNotifications(t, [ann]);
      const taskId = await postTask(t, poster, { title: 'Words for a shop' });
      expect(await watch.of(ann)).toEqual([]);
      const edit = (category: string) =>
        call(
          t,
          'PUT',
          `/api/tasks/${taskId}`,
          poster,
          validTask({ title: 'Words for a shop', category }),
        );
      expect((await edit('Writing')).status).toBe(200);
      expect((await edit('Design')).status).toBe(200);
      expect((await edit('Writing')).status).toBe(200);
      expect((await watch.of(ann)).map((n) => n.text)).toEqual([
        alertText('Copywriting', 'Words for a shop'),
      ]);
    }));

  it('arrive as a live event on the owner’s stream', () =>
    withSearches(async () => {
      await save(ann, 'Logos', { q: 'logo' });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const stream = await openEventStream(`${base}/api/events`, { cookie: ann.cookie });
      try {
        expect(stream.response.status).toBe(200);
        await expect.poll(() => stream.lastEventId()).toBeDefined();
        const taskId = await postTask(t, poster, { title: 'Logo, live' });
        const event = await stream.next((e) => e.event === 'notification');
        const { notification, unreadCount } = JSON.parse(event.data) as NotificationEvent;
        expect(notification).toMatchObject({
          type: 'saved_search_match',
          text: alertText('Logos', 'Logo, live'),
          link: taskLink(taskId),
          readAt: null,
        });
        expect(unreadCount).toBeGreaterThan(0);
      } finally {
        stream.close();
      }
    }));
});

describe('textsMatchingTask', () => {
  it('checks many saved texts against one task in one query, as the search reads each', async () => {
    const taskId = await postTask(t, poster, {
      title: 'Logo for a bakery',
      description: 'Design a warm, hand-drawn logo.',
    });
    const matching = [
      'logo',
      'Logo desig',
      'LOGO, Bakery!',
      'bak',
      'the a',
      'hand drawn',
      'drawing',
    ];
    const others = ['bakery menu', 'zzzz', 'logos website', 'warmth'];
    const fillers = Array.from({ length: 200 }, (_, index) => `filler${index} logo`);
    const texts = [...matching, ...others, ...fillers];
    expect(await textsMatchingTask(t.db, taskId, texts)).toEqual(new Set(matching));
    expect(await textsMatchingTask(t.db, taskId, [])).toEqual(new Set());
  });
});
