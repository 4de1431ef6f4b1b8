import { describe, expect, it } from 'vitest';
import { earlyUrls } from './early-data.ts';

describe('earlyUrls', () => {
  it('names the reads of each page that has a loader', () => {
    expect(earlyUrls('/', undefined)).toEqual([
      '/api/tasks?limit=8&sort=deadline&status=open',
      '/api/tasks?limit=4&sort=bidsCount&status=open',
    ]);
    expect(earlyUrls('/task/a%20b', undefined)).toEqual([
      '/api/tasks/a%20b',
      '/api/tasks/a%20b/offers',
      '/api/tasks/a%20b/reviews',
      '/api/tasks/a%20b/questions',
    ]);
    expect(earlyUrls('/users/u1', undefined)).toEqual(['/api/users/u1']);
    expect(earlyUrls('/dashboard/', undefined)).toEqual(['/api/tasks/count', '/api/me/offers']);
  });

  it('adds the reads that name the user once the session is known', () => {
    expect(earlyUrls('/dashboard', 'a+b@x.io')).toEqual([
      '/api/tasks/count',
      '/api/tasks?email=a%2Bb%40x.io&limit=100&offset=0',
      '/api/me/offers',
    ]);
    expect(earlyUrls('/my-posted-tasks', undefined)).toEqual([]);
  });

  it('names nothing for other pages, extra segments or an id that cannot be read', () => {
    for (const path of ['/terms', '/task', '/task/1/edit', '/task/%E0%A4%A', '/browse-tasks']) {
      expect(earlyUrls(path, 'a@x.io'), path).toEqual([]);
    }
  });
});
