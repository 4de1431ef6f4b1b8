/**
 * Addresses of the web app's pages that the server writes too (a notification's link, issue 10),
 * so both sides build them one way. The client's lib/paths.ts builds the rest of its URLs.
 */
const segment = encodeURIComponent;

/** A task's page. */
export const taskLink = (taskId: string) => `/task/${segment(taskId)}`;

/** The query parameters of a task's page that name what a link points at there. */
export const LINK_TARGETS = { offer: 'offer', question: 'question' } as const;

/** A task's page with one offer and its private conversation open. */
export const offerLink = (taskId: string, offerId: string) =>
  `${taskLink(taskId)}?${LINK_TARGETS.offer}=${segment(offerId)}`;

/** A task's page at one question's thread. */
export const questionLink = (taskId: string, questionId: string) =>
  `${taskLink(taskId)}?${LINK_TARGETS.question}=${segment(questionId)}`;

/** A user's public profile. */
export const profileLink = (userId: string) => `/users/${segment(userId)}`;

/** Issue 21: the page where a poster pays to hire with an offer. */
export const checkoutPath = (offerId: string) => `/checkout/${encodeURIComponent(offerId)}`;

/** Issue 47: the operator's reports queue, where a surge's undo is. */
export const ADMIN_REPORTS_LINK = '/admin';

/** Issue 21: a receipt's page, named by its number (the receipt mails link to it too). */
export const receiptLink = (number: string) => `/receipts/${segment(number)}`;
