/**
 * What the operator console says (issue 20), apart from its pages so tests can read them. Only
 * the console's own module imports this one: a section's page importing it would make the
 * console's chunk export it, and the bundler then adds a helper to the home page's JavaScript.
 */
export const CONSOLE_TITLE = 'Operator console';
/** What a signed-in user who is not an operator reads at /admin. */
export const OPERATORS_ONLY = 'Only Tasklane’s operators may see this page.';
