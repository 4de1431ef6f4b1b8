/** What the operator's reports queue says (issue 20), apart from its page so tests can read it. */
export const NO_REPORTS = 'No open reports.';
