import type { Locator, Page } from '@playwright/test';
import {
  CONTACT_MASKS,
  CONVERSATION_MESSAGES,
  QUESTION_MAX_LENGTH,
} from '../../src/shared/conversations.ts';
import { offerLink, questionLink } from '../../src/shared/links.ts';
import { NOTIFICATION_TEXTS, type NotificationPage } from '../../src/shared/notifications.ts';
import { callApi, createTaskOverApi, type SignedUpUser } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import {
  expect,
  expectNoHorizontalScroll,
  hiredTask,
  offerOverApi,
  signUpUsers,
  switchToForest,
  test,
  toast,
} from '../support/e2e-offers.ts';
import { newTask, uniqueMark } from '../support/e2e-tasks.ts';

/**
 * Issue 10 on the task page: each offer's private conversation between the poster and the
 * bidder (live, in order, as text, for those two only), the task's public questions with their
 * replies, and the notification links that land on them.
 */

/** POST `path` with `{text}` as the user, expecting 201; returns the new id. */
async function writeOverApi(user: SignedUpUser, path: string, text: string): Promise<string> {
  const answer = await callApi<{ insertedId: string }>('POST', path, {
    body: { text },
    cookie: user.cookieHeader,
  });
  expect(answer.status, `POST ${path}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body.insertedId;
}

const askOverApi = (user: SignedUpUser, taskId: string, text: string) =>
  writeOverApi(user, `/api/tasks/${taskId}/questions`, text);
const messageOverApi = (user: SignedUpUser, offerId: string, text: string) =>
  writeOverApi(user, `/api/offers/${offerId}/messages`, text);

/**
 * Waits until the user's newest notification, a message's, is read on the server: the open page
 * took it live and read it, so a bell that has not risen by now will not rise for it.
 */
async function expectNewestMessageRead(user: SignedUpUser): Promise<void> {
  await expect
    .poll(async () => {
      const answer = await callApi<NotificationPage>('GET', '/api/notifications?limit=1', {
        cookie: user.cookieHeader,
      });
      const newest = answer.body.items[0];
      return newest?.type === 'message_received' && newest.readAt !== null;
    })
    .toBe(true);
}

/** The bar's bell, its name saying the unread count ("Notifications, 2 unread"). */
function barBell(page: Page) {
  return page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Notifications/ });
}

/** The open conversation with `name`: its region, list and form. */
function conversation(page: Page, name: string) {
  const region = page.getByRole('region', { name: `Private messages with ${name}` });
  return {
    region,
    opener: page.getByRole('button', { name: `Messages with ${name}`, exact: true }),
    messages: region.getByRole('list', { name: `Messages with ${name}` }).getByRole('listitem'),
    form: region.getByRole('form', { name: `Message to ${name}` }),
  };
}

function questionsSection(page: Page): Locator {
  return page.getByRole('main').getByRole('region', { name: 'Questions' });
}

function questionItems(page: Page): Locator {
  return questionsSection(page)
    .getByRole('list', { name: 'Questions, newest first' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('article') });
}

/** Several users' browser contexts side by side (and axe runs) on two shared cores. */
const SEVERAL_CONTEXTS = 'several browser contexts at once';

/** Tab until `target` has the focus (at most `presses` times). */
async function tabTo(page: Page, target: Locator, presses = 30) {
  for (let pressed = 0; pressed < presses; pressed += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a private message reaches the other party live, as text, sent by keyboard; read as it arrives', async ({
  pageAs,
}) => {
  test.slow(true, SEVERAL_CONTEXTS);
  const [poster, bidder] = await signUpUsers('Cara Client', 'Dev Doer');
  const taskId = await createTaskOverApi(
    poster,
    newTask({ title: `Fix the sink ${uniqueMark()}` }),
  );
  await offerOverApi(bidder, taskId);

  // The poster has the conversation open from the offer (before any hire).
  const posterPage = await pageAs(poster);
  await posterPage.goto(`/task/${taskId}`);
  await expect(barBell(posterPage)).toHaveAccessibleName('Notifications, 1 unread');
  const offerCard = posterPage.getByRole('article', { name: `Offer from ${bidder.name}` });
  const withBidder = conversation(posterPage, bidder.name);
  await offerCard.getByRole('button', { name: `Messages with ${bidder.name}` }).click();
  await expect(withBidder.opener).toHaveAttribute('aria-expanded', 'true');
  await expect(withBidder.region.getByText('No messages yet.')).toBeVisible();
  // The offer's notification links to this conversation: opening it read it.
  await expect(barBell(posterPage)).toHaveAccessibleName('Notifications');
  // A mark on this document: still there later means the page was never reloaded.
  await posterPage.evaluate(() => document.documentElement.setAttribute('data-unreloaded', ''));

  // The bidder opens it from their own offer, by keyboard only, and sends by keyboard.
  const bidderPage = await pageAs(bidder);
  await bidderPage.goto(`/task/${taskId}`);
  const withPoster = conversation(bidderPage, poster.name);
  const yourOffer = bidderPage.getByRole('region', { name: 'Your offer' });
  await expect(
    yourOffer.getByRole('button', { name: `Messages with ${poster.name}` }),
  ).toBeVisible();
  // From the section's heading (where the page puts the focus after an offer is made) on.
  await yourOffer.getByRole('heading', { name: 'Your offer' }).focus();
  await tabTo(bidderPage, withPoster.opener);
  await bidderPage.keyboard.press('Enter');
  const textarea = withPoster.form.getByLabel('Your message');
  await tabTo(bidderPage, textarea);
  const html = `<b>html</b> and <img src=x onerror=alert(1)> ${uniqueMark('msg')}`;
  await bidderPage.keyboard.type(html);
  await expect(withPoster.form).toContainText(`${html.length} of 2,000 characters`);
  // Past the files' button (issue 49) to Send.
  await tabTo(bidderPage, withPoster.form.getByRole('button', { name: 'Send message' }), 5);
  await bidderPage.keyboard.press('Enter');
  await expect(withPoster.messages).toHaveCount(1);
  await expect(textarea).toHaveValue('');

  // The poster's open conversation shows it at once, literally; being read, it is no news.
  // Live (within a second when the machine is idle; the bound allows for two busy cores).
  await expect(withBidder.messages).toHaveCount(1, { timeout: 5000 });
  await expect(withBidder.messages.first()).toContainText(html);
  await expect(withBidder.messages.first().getByRole('link', { name: bidder.name })).toBeVisible();
  await expect(withBidder.region.locator('b, img')).toHaveCount(0);
  await expectNewestMessageRead(poster);
  await expect(barBell(posterPage)).toHaveAccessibleName('Notifications');
  await expect(posterPage).toHaveURL(`/task/${taskId}`);
  await expect(posterPage.locator('html')).toHaveAttribute('data-unreloaded', '');

  // The reply goes the other way, after the earlier one.
  const reply = `Thanks, when can you start? ${uniqueMark('reply')}`;
  await withBidder.form.getByLabel('Your message').fill(reply);
  await withBidder.form.getByRole('button', { name: 'Send message' }).click();
  await expect(withPoster.messages).toHaveCount(2, { timeout: 5000 });
  await expect(withPoster.messages.nth(1)).toContainText(reply);
  await expect(withPoster.messages.nth(0)).toContainText(html);
  await expectNewestMessageRead(bidder);
  await expect(barBell(bidderPage)).toHaveAccessibleName('Notifications');
});

test('reading a conversation clears its notifications in every tab; a message arriving in it raises no bell', async ({
  pageAs,
}) => {
  test.slow(true, SEVERAL_CONTEXTS);
  const [poster, bidder] = await signUpUsers('Gil Giver', 'Hal Helper');
  const task = newTask({ title: `Mow the lawn ${uniqueMark()}` });
  const taskId = await createTaskOverApi(poster, task);
  const offerId = await offerOverApi(bidder, taskId);
  const otherTask = newTask({ title: `Rake the leaves ${uniqueMark()}` });
  const otherOfferId = await offerOverApi(bidder, await createTaskOverApi(poster, otherTask));
  await messageOverApi(poster, offerId, 'Can you come on Monday?');
  await messageOverApi(poster, offerId, 'Or Tuesday?');
  await messageOverApi(poster, otherOfferId, 'And the leaves?');
  const textOf = (title: string) =>
    NOTIFICATION_TEXTS.message_received({ name: poster.name, title });

  // The bidder has two tabs (here, two windows): three unread messages, two of one conversation.
  const page = await pageAs(bidder);
  const otherTab = await pageAs(bidder);
  await otherTab.goto('/');
  await page.goto('/');
  await expect(barBell(page)).toHaveAccessibleName('Notifications, 3 unread');
  await expect(barBell(otherTab)).toHaveAccessibleName('Notifications, 3 unread');

  // The conversation opened from its notification's link (the notifications page itself would
  // read all three, issue 17): both of its messages are read there.
  await page.goto(offerLink(taskId, offerId));
  const withPoster = conversation(page, poster.name);
  await expect(withPoster.messages).toHaveCount(2);
  await expect(barBell(page)).toHaveAccessibleName('Notifications, 1 unread');
  // The other tab follows without a reload.
  await expect(barBell(otherTab)).toHaveAccessibleName('Notifications, 1 unread');

  // A new message in the open conversation: shown, read at once, no toast, no bell.
  const newText = `Wednesday works too. ${uniqueMark('m')}`;
  await messageOverApi(poster, offerId, newText);
  await expect(withPoster.messages).toHaveCount(3, { timeout: 5000 });
  await expect(withPoster.messages.last()).toContainText(newText);
  await expectNewestMessageRead(bidder);
  await expect(barBell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(toast(page, 'info', textOf(task.title))).toHaveCount(0);
  await expect(barBell(otherTab)).toHaveAccessibleName('Notifications, 1 unread');

  // A message in a conversation that is not open still raises the bell, with a toast.
  await messageOverApi(poster, otherOfferId, 'And the hedge?');
  await expect(barBell(page)).toHaveAccessibleName('Notifications, 2 unread');
  await expect(toast(page, 'info', textOf(otherTask.title))).toBeVisible();
  await expect(barBell(otherTab)).toHaveAccessibleName('Notifications, 2 unread');
});

test('after the hire the conversation goes on, contacts shown between the two; a stranger sees none of it', async ({
  pageAs,
}) => {
  test.slow(true, SEVERAL_CONTEXTS);
  const [poster, hired, stranger] = await signUpUsers('Hana Hirer', 'Ivo Hired', 'Sam Stranger');
  const { taskId, offerId } = await hiredTask(poster, hired);
  const email = `hana-${uniqueMark('mail')}@example.com`;
  await messageOverApi(poster, offerId, `Welcome aboard! Write to ${email}.`);

  const page = await pageAs(hired);
  await page.goto(`/task/${taskId}`);
  const withPoster = conversation(page, poster.name);
  await withPoster.opener.click();
  await expect(withPoster.messages).toHaveText([new RegExp(`Write to ${email}\\.`)]);
  await expect(withPoster.form.getByLabel('Your message')).not.toHaveAccessibleDescription(
    new RegExp(CONVERSATION_MESSAGES.contactsHidden),
  );

  // A stranger reading the task sees no conversation, and the API refuses them.
  const strangerPage = await pageAs(stranger);
  await strangerPage.goto(offerLink(taskId, offerId));
  await expect(questionsSection(strangerPage)).toBeVisible();
  await expect(strangerPage.getByRole('button', { name: /^Messages with/ })).toHaveCount(0);
  await expect(strangerPage.getByText('Welcome aboard!')).toHaveCount(0);
  const refused = await callApi('GET', `/api/offers/${offerId}/messages`, {
    cookie: stranger.cookieHeader,
  });
  expect(refused.status).toBe(403);
});

test("a notification's link opens its conversation; empty, too fast and refused texts say why and keep the text", async ({
  pageAs,
}) => {
  const [poster, bidder] = await signUpUsers('Nia Notified', 'Raf Rapid');
  const taskId = await createTaskOverApi(poster, newTask());
  const offerId = await offerOverApi(bidder, taskId);
  await messageOverApi(poster, offerId, 'Could you send a sample?');

  // The bidder follows the message's notification: the conversation is open and focused.
  const page = await pageAs(bidder);
  await page.goto('/notifications');
  await page.getByRole('link', { name: /sent you a message/ }).click();
  await expect(page).toHaveURL(offerLink(taskId, offerId));
  const withPoster = conversation(page, poster.name);
  await expect(withPoster.region.getByRole('heading')).toBeFocused();
  await expect(withPoster.messages).toHaveText([/Could you send a sample\?/]);

  // Empty text is refused in the browser.
  const send = withPoster.form.getByRole('button', { name: 'Send message' });
  const textarea = withPoster.form.getByLabel('Your message');
  await textarea.fill('   ');
  await send.click();
  await expect(withPoster.form.getByRole('alert')).toHaveText(CONVERSATION_MESSAGES.textRequired);
  await expect(textarea).toHaveAttribute('aria-invalid', 'true');

  // Beyond the write limit the server's 429 message shows, and the text stays to send again.
  const sent = await Promise.all(
    Array.from({ length: 30 }, (_, index) =>
      callApi('POST', `/api/offers/${offerId}/messages`, {
        body: { text: `Sample ${index + 1}` },
        cookie: bidder.cookieHeader,
      }),
    ),
  );
  expect(sent.some((answer) => answer.status === 201)).toBe(true);
  const kept = 'One more thing about the sample.';
  await textarea.fill(kept);
  await send.click();
  await expect(withPoster.form.getByRole('alert')).toHaveText(CONVERSATION_MESSAGES.tooFast);
  await expect(textarea).toHaveValue(kept);
});

test('questions: asked and replied on the page, newest first for every signed-in reader, contacts masked before a hire', async ({
  pageAs,
}) => {
  test.slow(true, SEVERAL_CONTEXTS);
  const [poster, asker, later, reader] = await signUpUsers(
    'Quin Poster',
    'Ava Asker',
    'Leo Later',
    'Rex Reader',
  );
  const taskId = await createTaskOverApi(poster, newTask());
  const email = `ava-${uniqueMark('mail')}@example.com`;
  const question = `Can I reach you at ${email} to discuss?`;

  // The asker asks on the page: empty and too long are refused with the shared messages.
  const askerPage = await pageAs(asker);
  await askerPage.goto(`/task/${taskId}`);
  const form = questionsSection(askerPage).getByRole('form', {
    name: `Ask ${poster.name} a question`,
  });
  const field = form.getByLabel(`Your question to ${poster.name}`);
  await expect(questionsSection(askerPage).getByText('No questions yet.')).toBeVisible();
  await form.getByRole('button', { name: 'Ask question' }).click();
  await expect(form.getByRole('alert')).toHaveText(CONVERSATION_MESSAGES.textRequired);
  await field.fill('x'.repeat(QUESTION_MAX_LENGTH + 1));
  await expect(form).toContainText('1,001 of 1,000 characters: 1 too many');
  await form.getByRole('button', { name: 'Ask question' }).click();
  await expect(form.getByRole('alert')).toHaveText(CONVERSATION_MESSAGES.questionTooLong);
  await expect(field).toHaveValue('x'.repeat(QUESTION_MAX_LENGTH + 1));
  await field.fill(question);
  await form.getByRole('button', { name: 'Ask question' }).click();
  await expect(questionItems(askerPage)).toHaveCount(1);
  // The asker reads their own text as written.
  await expect(questionItems(askerPage).first()).toContainText(question);

  // Stored as written, read masked by others before a hire.
  const laterQuestion = `Is the budget firm? ${uniqueMark('q')}`;
  const laterId = await askOverApi(later, taskId, laterQuestion);
  const answer = await callApi<{ _id: string; text: string }[]>(
    'GET',
    `/api/tasks/${taskId}/questions`,
    { cookie: reader.cookieHeader },
  );
  const askedId = answer.body.find((item) => item.text.startsWith('Can I reach'))!._id;

  // The poster follows the question's link, lands on it and replies there.
  const posterPage = await pageAs(poster);
  await posterPage.goto(questionLink(taskId, askedId));
  const asked = posterPage.locator(`#question-${askedId}`);
  await expect(asked).toBeFocused();
  await expect(asked).toContainText(`Can I reach you at ${CONTACT_MASKS.email} to discuss?`);
  // Landing on it read its notification; the other question's stays unread.
  await expect(barBell(posterPage)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(questionsSection(posterPage).getByRole('form')).toHaveCount(0);
  await asked.getByRole('button', { name: `Reply to the question from ${asker.name}` }).click();
  const replyForm = asked.getByRole('form', { name: `Reply to ${asker.name}` });
  await expect(replyForm.getByLabel('Your reply')).toBeFocused();
  const reply = `Please ask here instead. ${uniqueMark('r')}`;
  await replyForm.getByLabel('Your reply').fill(reply);
  await replyForm.getByRole('button', { name: 'Send reply' }).click();
  await expect(asked.getByRole('list', { name: `Replies to ${asker.name}` })).toContainText(reply);
  await expect(
    asked.getByRole('button', { name: `Reply to the question from ${asker.name}` }),
  ).toBeFocused();

  // The asker's open page shows the reply (the notification reloads the questions).
  await expect(questionItems(askerPage).filter({ hasText: reply })).toHaveCount(1);

  // A third signed-in reader: newest first, the reply under its question, names to profiles,
  // the email masked, and no reply button (neither the poster nor the asker).
  const readerPage = await pageAs(reader);
  await readerPage.goto(`/task/${taskId}`);
  const items = questionItems(readerPage);
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(laterQuestion);
  await expect(items.nth(1)).toContainText(`Can I reach you at ${CONTACT_MASKS.email} to discuss?`);
  await expect(items.nth(1)).not.toContainText(email);
  await expect(items.nth(1)).toContainText(reply);
  await expect(items.nth(1).getByRole('link', { name: asker.name })).toHaveAttribute(
    'href',
    `/users/${asker.id}`,
  );
  await expect(items.nth(1).getByRole('link', { name: poster.name })).toHaveAttribute(
    'href',
    `/users/${poster.id}`,
  );
  await expect(readerPage.getByRole('button', { name: /^Reply/ })).toHaveCount(0);
  expect(laterId).toBeTruthy();
});

test('questions and a conversation are axe-clean and fit at 375 px in both themes', async ({
  pageAs,
}) => {
  test.slow(true, SEVERAL_CONTEXTS);
  const [poster, bidder] = await signUpUsers('Tia Themes', 'Uma Ultrawide');
  const taskId = await createTaskOverApi(poster, newTask());
  const offerId = await offerOverApi(bidder, taskId);
  const questionId = await askOverApi(bidder, taskId, 'Which colour should it be?');
  await writeOverApi(poster, `/api/questions/${questionId}/replies`, 'Blue, please.');
  await messageOverApi(bidder, offerId, `A long word: ${'a'.repeat(120)}`);

  const page = await pageAs(poster);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(offerLink(taskId, offerId));
  const withBidder = conversation(page, bidder.name);
  await expect(withBidder.messages).toHaveCount(1);
  await expect(questionItems(page)).toHaveCount(1);
  await expectNoHorizontalScroll(page, 'task page with a conversation at 375 px');
  await expectNoSeriousA11yViolations(page, 'task page with a conversation at 375 px');

  await switchToForest(page);
  await withBidder.form.getByRole('button', { name: 'Send message' }).click();
  await expect(withBidder.form.getByRole('alert')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'task page, forest theme, with an error, at 375 px');

  const bidderPage = await pageAs(bidder);
  await bidderPage.setViewportSize({ width: 375, height: 740 });
  await bidderPage.goto(`/task/${taskId}`);
  await conversation(bidderPage, poster.name).opener.click();
  await expect(conversation(bidderPage, poster.name).messages).toHaveCount(1);
  await expectNoHorizontalScroll(bidderPage, 'bidder at 375 px');
  await expectNoSeriousA11yViolations(bidderPage, "the bidder's task page at 375 px");
});

test("signed out, a question's link asks to log in first, then lands on the question", async ({
  page,
}) => {
  const [poster, asker] = await signUpUsers('Ola Owner', 'Pim Pending');
  const taskId = await createTaskOverApi(poster, newTask());
  const questionId = await askOverApi(asker, taskId, 'Do you provide the paint?');

  await page.goto(questionLink(taskId, questionId));
  await expect(page).toHaveURL('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(poster.email);
  await form.getByLabel('Password').fill(poster.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(questionLink(taskId, questionId));
  await expect(page.locator(`#question-${questionId}`)).toBeFocused();
  await expect(page.locator(`#question-${questionId}`)).toBeInViewport();
});
