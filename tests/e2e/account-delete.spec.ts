import { EMAIL_MESSAGES } from '../../src/shared/account-email.ts';
import { AUTH_MESSAGES } from '../../src/shared/account-rules.ts';
import { callApi, createTaskOverApi, type SignedUpUser } from '../support/e2e-accounts.ts';
import {
  completeOverApi,
  deliverOverApi,
  expect,
  hiredTask,
  signUpUsers,
  test,
  toast,
} from '../support/e2e-offers.ts';
import { newTask } from '../support/e2e-tasks.ts';

/**
 * Issue 19 "Delete account" in the browser: confirmed with the password, refused while a task
 * is in progress, then the account is gone, the browser signed out and sent home, and what
 * others received from the person stays as "Deleted user".
 */

const QUESTION = 'Is the garden gate locked in the evening?';

async function askOverApi(user: SignedUpUser, taskId: string, text: string): Promise<void> {
  const answer = await callApi('POST', `/api/tasks/${taskId}/questions`, {
    body: { text },
    cookie: user.cookieHeader,
  });
  expect(answer.status).toBe(201);
}

test('delete account: needs the password, waits for a task in progress, then leaves "Deleted user"', async ({
  pageAs,
}) => {
  const [ada, cy, dee] = await signUpUsers('Ada Leaving', 'Cy Client', 'Dee Poster');
  const { taskId: hired } = await hiredTask(cy, ada);
  const deeTask = await createTaskOverApi(dee, newTask());
  await askOverApi(ada, deeTask, QUESTION);

  const page = await pageAs(ada);
  await page.goto('/dashboard/account');
  const form = page.getByRole('form', { name: 'Delete account' });
  const submit = form.getByRole('button', { name: EMAIL_MESSAGES.deleteConfirmButton });
  const confirmDialog = page.getByRole('dialog', { name: EMAIL_MESSAGES.deleteConfirmTitle });
  const deleteNow = async () => {
    await submit.click();
    await expect(confirmDialog).toContainText(EMAIL_MESSAGES.deleteConfirmText);
    await confirmDialog.getByRole('button', { name: EMAIL_MESSAGES.deleteConfirmButton }).click();
  };

  // No password: the form says so and asks nothing of the server.
  await submit.click();
  await expect(form.getByText(AUTH_MESSAGES.passwordRequired)).toBeVisible();
  await expect(confirmDialog).toHaveCount(0);

  // Cancel keeps everything.
  await form.getByLabel('Your password').fill(ada.password);
  await submit.click();
  await confirmDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmDialog).toHaveCount(0);

  await form.getByLabel('Your password').fill('Wrong-pass-1');
  await deleteNow();
  await expect(toast(page, 'error', EMAIL_MESSAGES.deletePasswordWrong)).toBeVisible();

  await form.getByLabel('Your password').fill(ada.password);
  await deleteNow();
  await expect(toast(page, 'error', EMAIL_MESSAGES.deleteAssigned)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/account$/);

  await deliverOverApi(ada, hired);
  await completeOverApi(cy, hired);
  await deleteNow();
  await expect(toast(page, 'success', EMAIL_MESSAGES.deleted)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeVisible();

  const session = await callApi('GET', '/api/auth/get-session', { cookie: ada.cookieHeader });
  expect(session.body).toBeNull();
  const signIn = await callApi('POST', '/api/auth/sign-in/email', {
    body: { email: ada.email, password: ada.password },
  });
  expect(signIn.status).toBe(401);

  // Dee still sees the question, from "Deleted user", with no name of Ada's.
  const deePage = await pageAs(dee);
  await deePage.goto(`/task/${deeTask}`);
  const question = deePage
    .getByRole('main')
    .getByRole('region', { name: 'Questions' })
    .getByRole('article')
    .filter({ hasText: QUESTION });
  await expect(question).toContainText(EMAIL_MESSAGES.deletedUserName);
  await expect(question).not.toContainText(ada.name);
  // Issue 47: her own profile is gone, not kept as "Deleted user" with her figures.
  await deePage.goto(`/users/${ada.id}`);
  await expect(
    deePage.getByRole('heading', { level: 1, name: '404 - Page Not Found' }),
  ).toBeVisible();
});
