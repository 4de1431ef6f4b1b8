import { describe, expect, it } from 'vitest';
import type { FileView } from '../../shared/files.ts';
import { pngOf, uploaded } from '../../../tests/support/files.ts';
import { useTestApp, type TestUser } from '../../../tests/support/test-app.ts';
import { photoShaOf, purgeRemovedFiles } from './files.service.ts';
import { createStorage } from './storage.ts';

/**
 * Issue 49 on both engines: a profile update whose photo URL names one of the user's avatars
 * attaches that file to the profile, and releases the avatar before it (the sweep deletes its
 * bytes unless another file holds the same photo).
 */

const t = useTestApp();
const [ann, bea] = t.users('Ann Avatar', 'Bea Same');

let shade = 0;
const avatarOf = async (user: TestUser, bytes?: Buffer): Promise<FileView> => {
  shade += 1;
  return uploaded(t, user, {
    name: `me-${shade}.png`,
    type: 'image/png',
    purpose: 'avatar',
    bytes: bytes ?? (await pngOf(30 + shade, 30 + shade)),
  });
};
const fileRow = (id: string) =>
  t.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const addressOf = (file: FileView) => `${t.config.publicUrl}${file.urls!.full}`;
const updateProfile = async (user: TestUser, body: Record<string, unknown>) => {
  const response = await t.request('POST', '/api/auth/update-user', { user, body });
  expect(response.statusCode, response.body).toBe(200);
};

describe('changing the avatar', () => {
  it('attaches the new avatar to the profile and releases the one before', async () => {
    const first = await avatarOf(ann);
    await updateProfile(ann, { name: 'Ann Avatar', image: addressOf(first) });
    expect(await fileRow(first.id)).toMatchObject({
      status: 'attached',
      attached_type: 'profile',
      attached_id: ann.id,
    });

    // A name alone changes no file; the same photo again keeps it.
    await updateProfile(ann, { name: 'Ann A.' });
    await updateProfile(ann, { name: 'Ann A.', image: addressOf(first) });
    expect(await fileRow(first.id)).toMatchObject({ status: 'attached', attached_id: ann.id });

    const second = await avatarOf(ann);
    await updateProfile(ann, { name: 'Ann A.', image: addressOf(second) });
    expect(await fileRow(second.id)).toMatchObject({
      status: 'attached',
      attached_type: 'profile',
      attached_id: ann.id,
    });
    expect(await fileRow(first.id)).toMatchObject({ status: 'removed' });
    expect((await t.app.inject({ method: 'GET', url: first.urls!.full })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.urls!.full })).statusCode).toBe(200);

    // A photo from elsewhere releases the avatar too.
    await updateProfile(ann, { name: 'Ann A.', image: 'https://images.example.com/ann.png' });
    expect(await fileRow(second.id)).toMatchObject({ status: 'removed' });
  });

  it("ignores another user's photo; a released photo another file holds stays served", async () => {
    const bytes = await pngOf(90, 90);
    const mine = await avatarOf(bea, bytes);
    const theirs = await avatarOf(ann, bytes); // the same photo, so the same address
    expect(photoShaOf(addressOf(mine))).toBe(photoShaOf(addressOf(theirs)));
    await updateProfile(bea, { name: 'Bea Same', image: addressOf(mine) });
    expect(await fileRow(mine.id)).toMatchObject({ status: 'attached', attached_id: bea.id });
    expect(await fileRow(theirs.id)).toMatchObject({ status: 'ready', attached_id: null });

    await updateProfile(ann, { name: 'Ann A.', image: addressOf(theirs) });
    expect(await fileRow(theirs.id)).toMatchObject({ status: 'attached', attached_id: ann.id });
    // Ann moves on: her file is released, Bea's (the same bytes) keeps the photo served.
    const next = await avatarOf(ann);
    await updateProfile(ann, { name: 'Ann A.', image: addressOf(next) });
    expect(await fileRow(theirs.id)).toMatchObject({ status: 'removed' });
    const storage = await createStorage(t.config.files.storage);
    await purgeRemovedFiles({ db: t.db, storage });
    expect((await fileRow(theirs.id)).purged_at).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: mine.urls!.full })).statusCode).toBe(200);
  });

  it('reads our photo addresses only', () => {
    const sha = 'a'.repeat(64);
    expect(photoShaOf(`https://tasklane.example/files/${sha}-full.webp`)).toBe(sha);
    expect(photoShaOf(`/files/${sha}-thumb.webp`)).toBe(sha);
    expect(photoShaOf(`https://x.example/files/${sha}-huge.webp`)).toBeNull();
    expect(photoShaOf('not a url at all')).toBeNull();
  });
});
