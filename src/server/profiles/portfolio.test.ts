import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES, type FileView } from '../../shared/files.ts';
import {
  PORTFOLIO_MESSAGES as M,
  PORTFOLIO_TITLE_MAX_LENGTH,
  type PortfolioItem,
} from '../../shared/portfolio.ts';
import { PROFILE_MESSAGES } from '../../shared/profiles.ts';
import { pngOf, uploaded } from '../../../tests/support/files.ts';
import { call } from '../../../tests/support/marketplace.ts';
import { GOOD_PASSWORD, useTestApp, type TestUser } from '../../../tests/support/test-app.ts';

/**
 * Issue 49 on both engines: a freelancer's portfolio on the public profile: up to 12 photos,
 * each with a title and an optional https link; only its owner changes it; its photos are
 * served publicly and removed with their piece (and with the account).
 */

const t = useTestApp({ NEW_ACCOUNT_UPLOADS_PER_DAY: '100' });
const [fay, gus, vic] = t.users('Fay Freelancer', 'Gus Other', 'Vic Visitor');
const admin = t.user({ name: 'Ada Admin' }, { admin: true });

let shade = 0;
/** A photo uploaded for the portfolio, each of its own bytes (so its own public address). */
async function portfolioPhoto(user: TestUser, purpose = 'portfolio'): Promise<FileView> {
  shade += 1;
  return uploaded(t, user, {
    name: `piece-${shade}.png`,
    type: 'image/png',
    purpose,
    bytes: await pngOf(40 + shade, 30),
  });
}

async function addPiece(user: TestUser, body: Record<string, unknown>) {
  return call(t, 'POST', '/api/me/portfolio', user, body);
}

async function newPiece(user: TestUser, title = 'A logo', link?: string): Promise<PortfolioItem> {
  const file = await portfolioPhoto(user);
  const answer = await addPiece(user, { fileId: file.id, title, ...(link ? { link } : {}) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as PortfolioItem;
}

const portfolioOf = async (user: TestUser, reader?: TestUser) => {
  const answer = await call(t, 'GET', `/api/users/${user.id}/portfolio`, reader);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as PortfolioItem[];
};

const fileRow = (id: string) =>
  t.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
const badRequest = (message: string) => ({ status: 400, body: { message } });

async function clearPortfolio(user: TestUser) {
  for (const item of await portfolioOf(user, user)) {
    expect((await call(t, 'DELETE', `/api/me/portfolio/${item.id}`, user)).status).toBe(200);
  }
}

describe('adding a piece', () => {
  it('attaches the photo in the same step; the title trimmed; served publicly as its card', async () => {
    const file = await portfolioPhoto(fay);
    const answer = await addPiece(fay, {
      fileId: file.id,
      title: '  Bakery logo  ',
      link: 'https://example.com/bakery',
    });
    expect(answer).toEqual({
      status: 201,
      body: {
        id: expect.any(String),
        title: 'Bakery logo',
        link: 'https://example.com/bakery',
        position: 0,
        createdAt: expect.any(String),
        photo: expect.objectContaining({ id: file.id, kind: 'image' }),
      },
    });
    const item = answer.body as PortfolioItem;
    const sha = (await fileRow(file.id)).storage_key;
    expect(item.photo.urls!.card).toBe(`/files/${sha}-card.webp`);
    expect(await fileRow(file.id)).toMatchObject({
      status: 'attached',
      attached_type: 'portfolio',
      attached_id: item.id,
    });
    // Anyone, a visitor too, reads it; the image is public.
    expect(await portfolioOf(fay)).toEqual([item]);
    expect(await served(item.photo.urls!.card)).toBe(200);
    await clearPortfolio(fay);
  });

  it('refuses a missing or long title, a bad link and a missing photo, changing nothing', async () => {
    const file = await portfolioPhoto(fay);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ fileId: file.id }, M.titleRequired],
      [{ fileId: file.id, title: '   ' }, M.titleRequired],
      [{ fileId: file.id, title: 'x'.repeat(PORTFOLIO_TITLE_MAX_LENGTH + 1) }, M.titleTooLong],
      [{ fileId: file.id, title: 'Logo', link: 'http://example.com' }, M.linkInvalid],
      [{ fileId: file.id, title: 'Logo', link: 'javascript:alert(1)' }, M.linkInvalid],
      [{ fileId: file.id, title: 'Logo', link: 'example.com' }, M.linkInvalid],
      [{ title: 'Logo' }, M.fileRequired],
    ];
    for (const [body, message] of cases) {
      expect(await addPiece(fay, body), JSON.stringify(body)).toEqual(badRequest(message));
    }
    // A title of exactly 80 characters (after trimming) is fine.
    const longest = ` ${'y'.repeat(PORTFOLIO_TITLE_MAX_LENGTH)} `;
    expect((await addPiece(fay, { fileId: file.id, title: longest })).status).toBe(201);
    expect((await portfolioOf(fay)).map((item) => item.title)).toEqual([longest.trim()]);
    await clearPortfolio(fay);
  });

  it("refuses another's upload, one for something else, and one already attached", async () => {
    const gusFile = await portfolioPhoto(gus);
    expect(await addPiece(fay, { fileId: gusFile.id, title: 'Not mine' })).toEqual({
      status: 403,
      body: { message: FILE_MESSAGES.notOwner },
    });
    const forTask = await portfolioPhoto(fay, 'task');
    expect(await addPiece(fay, { fileId: forTask.id, title: 'Wrong purpose' })).toEqual(
      badRequest(FILE_MESSAGES.wrongPurpose),
    );
    const piece = await newPiece(fay);
    expect(await addPiece(fay, { fileId: piece.photo.id, title: 'Twice' })).toEqual({
      status: 409,
      body: { message: FILE_MESSAGES.alreadyAttached },
    });
    // None of the refused ones made a piece.
    expect(await portfolioOf(fay)).toHaveLength(1);
    const signedOut = await call(t, 'POST', '/api/me/portfolio', undefined, {
      fileId: piece.photo.id,
      title: 'Anyone',
    });
    expect(signedOut.status).toBe(401);
    await clearPortfolio(fay);
  });

  it('holds at most 12 pieces: the 13th is refused with a clear message', async () => {
    for (let index = 0; index < 12; index += 1) await newPiece(gus, `Piece ${index + 1}`);
    const file = await portfolioPhoto(gus);
    expect(await addPiece(gus, { fileId: file.id, title: 'Thirteen' })).toEqual({
      status: 409,
      body: { message: M.full },
    });
    expect(await fileRow(file.id)).toMatchObject({ status: 'ready', attached_id: null });
    const pieces = await portfolioOf(gus);
    expect(pieces.map((item) => item.position)).toEqual([...Array(12).keys()]);
    await clearPortfolio(gus);
  });
});

describe('changing, ordering and removing pieces', () => {
  it('the owner changes a title and the link, clears the link; nobody else may', async () => {
    const piece = await newPiece(fay, 'Poster', 'https://example.com/poster');
    const url = `/api/me/portfolio/${piece.id}`;
    expect(await call(t, 'PATCH', url, fay, { title: '  Gig poster ' })).toMatchObject({
      status: 200,
      body: { title: 'Gig poster', link: 'https://example.com/poster' },
    });
    expect(await call(t, 'PATCH', url, fay, { link: 'ftp://example.com' })).toEqual(
      badRequest(M.linkInvalid),
    );
    expect(await call(t, 'PATCH', url, fay, {})).toEqual(badRequest(M.nothingToChange));
    expect(await call(t, 'PATCH', url, fay, { link: null })).toMatchObject({
      status: 200,
      body: { title: 'Gig poster', link: null },
    });
    const notOwner = { status: 403, body: { message: M.notOwner } };
    expect(await call(t, 'PATCH', url, gus, { title: 'Mine now' })).toEqual(notOwner);
    expect(await call(t, 'DELETE', url, gus)).toEqual(notOwner);
    expect((await call(t, 'PATCH', url, undefined, { title: 'Anyone' })).status).toBe(401);
    expect(await call(t, 'PATCH', '/api/me/portfolio/nope', fay, { title: 'X' })).toEqual({
      status: 404,
      body: { message: M.notFound },
    });
    expect((await portfolioOf(fay)).map((item) => [item.title, item.link])).toEqual([
      ['Gig poster', null],
    ]);
    await clearPortfolio(fay);
  });

  it('puts the pieces in the order given, each listed once', async () => {
    const [a, b, c] = [
      await newPiece(fay, 'A'),
      await newPiece(fay, 'B'),
      await newPiece(fay, 'C'),
    ];
    const order = (ids: string[], user = fay) =>
      call(t, 'PUT', '/api/me/portfolio/order', user, { ids });
    const answer = await order([c!.id, a!.id, b!.id]);
    expect(answer.status).toBe(200);
    expect((answer.body as PortfolioItem[]).map((item) => item.title)).toEqual(['C', 'A', 'B']);
    expect((await portfolioOf(fay)).map((item) => item.title)).toEqual(['C', 'A', 'B']);
    for (const ids of [
      [a!.id, b!.id],
      [a!.id, a!.id, b!.id],
      [a!.id, b!.id, 'other'],
    ]) {
      expect(await order(ids)).toEqual(badRequest(M.orderInvalid));
    }
    expect(await order([a!.id, b!.id, c!.id], gus)).toEqual(badRequest(M.orderInvalid));
    expect((await portfolioOf(fay)).map((item) => item.title)).toEqual(['C', 'A', 'B']);
    await clearPortfolio(fay);
  });

  it('removing a piece removes its photo: no longer served', async () => {
    const piece = await newPiece(fay, 'Gone soon');
    expect(await served(piece.photo.urls!.card)).toBe(200);
    expect(await call(t, 'DELETE', `/api/me/portfolio/${piece.id}`, fay)).toEqual({
      status: 200,
      body: { deletedCount: 1 },
    });
    expect(await fileRow(piece.photo.id)).toMatchObject({ status: 'removed' });
    expect(await served(piece.photo.urls!.card)).toBe(404);
    expect(await portfolioOf(fay)).toEqual([]);
  });
});

describe('who sees a portfolio', () => {
  it('hidden from a blocked pair; hidden or deleted accounts have none', async () => {
    const dee = await t.signUp({ name: 'Dee Designer' });
    const piece = await newPiece(dee, 'Shop front');
    expect(await portfolioOf(dee, vic)).toHaveLength(1);

    expect((await call(t, 'POST', `/api/users/${vic.id}/block`, dee)).status).toBe(200);
    expect(await portfolioOf(dee, vic)).toEqual([]);
    expect(await portfolioOf(dee)).toHaveLength(1);
    expect((await call(t, 'DELETE', `/api/users/${vic.id}/block`, dee)).status).toBe(200);

    await t.db.updateTable('user').set({ moderation: 'hidden' }).where('id', '=', dee.id).execute();
    const notFound = { status: 404, body: { message: PROFILE_MESSAGES.userNotFound } };
    expect(await call(t, 'GET', `/api/users/${dee.id}/portfolio`, vic)).toEqual(notFound);
    expect(await portfolioOf(dee, admin)).toHaveLength(1);
    expect(await portfolioOf(dee, dee)).toHaveLength(1);
    // Its photo is served to nobody else either (issue 49: a hidden item's files).
    expect(await served(piece.photo.urls!.card)).toBe(404);
    await t.db.updateTable('user').set({ moderation: null }).where('id', '=', dee.id).execute();
    expect(await served(piece.photo.urls!.card)).toBe(200);

    // Deleting the account removes the pieces and their photos.
    const deleted = await call(t, 'POST', '/api/me/delete-account', dee, {
      password: GOOD_PASSWORD,
    });
    expect(deleted.status).toBe(200);
    expect(await call(t, 'GET', `/api/users/${dee.id}/portfolio`)).toEqual(notFound);
    expect(await fileRow(piece.photo.id)).toMatchObject({ status: 'removed' });
    expect(await served(piece.photo.urls!.card)).toBe(404);
    const rows = await t.db
      .selectFrom('portfolio_items')
      .select('id')
      .where('user_id', '=', dee.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('shown to nobody but admins while the account is suspended or banned', async () => {
    const ben = await t.signUp({ name: 'Ben Builder' });
    const piece = await newPiece(ben, 'Garden wall');
    expect(await served(piece.photo.urls!.card)).toBe(200);
    const suspend = await call(t, 'POST', `/api/admin/users/${ben.id}/suspend`, admin, {
      reason: 'Stolen designs',
    });
    expect(suspend.status, JSON.stringify(suspend.body)).toBe(200);
    expect(await portfolioOf(ben, vic)).toEqual([]);
    expect(await portfolioOf(ben)).toEqual([]);
    expect(await portfolioOf(ben, admin)).toHaveLength(1);
    expect(await served(piece.photo.urls!.card)).toBe(404);
    expect(
      (await call(t, 'POST', `/api/admin/users/${ben.id}/lift`, admin, { reason: 'Appeal upheld' }))
        .status,
    ).toBe(200);
    expect(await portfolioOf(ben, vic)).toHaveLength(1);
    expect(await served(piece.photo.urls!.card)).toBe(200);
  });
});
