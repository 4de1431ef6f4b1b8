import { createTaskOverApi } from '../support/e2e-accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/e2e-axe.ts';
import {
  expect,
  expectNoHorizontalScroll,
  hiredTask,
  signUpUsers,
  switchToForest,
  test,
} from '../support/e2e-offers.ts';
import { newTask, uniqueMark } from '../support/e2e-tasks.ts';

/**
 * Issue 47, item 11: "Posted by Clara Client (clara@…)" shows the poster's email only to the
 * poster and, after a hire, to the hired freelancer; every other reader sees the name alone.
 */

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test.describe.configure({ timeout: 90_000 });

  for (const theme of ['winter', 'forest'] as const) {
    test(`the poster's email only for the poster and the hired freelancer, in ${theme}`, async ({
      pageAs,
    }) => {
      const [clara, hired, other] = await signUpUsers(
        'Clara Client',
        'Hana Hired',
        'Otto Onlooker',
      );
      const { taskId } = await hiredTask(clara, hired, {
        task: { title: `Poster email ${uniqueMark()}` },
      });
      const openId = await createTaskOverApi(clara, newTask({ title: `Open ${uniqueMark()}` }));
      const byline = `Posted by ${clara.name} (${clara.email})`;

      for (const [user, id, seesEmail] of [
        [other, taskId, false],
        [hired, openId, false],
        [hired, taskId, true],
        [clara, openId, true],
      ] as const) {
        const page = await pageAs(user);
        await page.goto(`/task/${id}`);
        const main = page.getByRole('main');
        await expect(main.getByText(`Posted by ${clara.name}`)).toBeVisible();
        if (seesEmail) await expect(main).toContainText(byline);
        else {
          await expect(main).not.toContainText(clara.email);
          await expect(main).not.toContainText('[email hidden]');
        }
        if (user === other) {
          if (theme === 'forest') await switchToForest(page);
          await expectNoSeriousA11yViolations(page, `a task page in ${theme}`);
          await expectNoHorizontalScroll(page, `a task page in ${theme}`);
        }
      }
    });
  }
});
