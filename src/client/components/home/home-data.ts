import { api } from '../../lib/api.ts';
import { HOME_LISTS } from '../../lib/early-data.ts';

/**
 * spec §2 "/": the home loader. Both lists of §7 are requested together, so the page waits for
 * the slower of the two rather than for one after the other. Both show only the tasks that take
 * offers (issue 9: open, deadline not passed).
 */
export const loadHome = () =>
  Promise.all([api.listTasks(HOME_LISTS.featured), api.listTasks(HOME_LISTS.highlighted)]);
