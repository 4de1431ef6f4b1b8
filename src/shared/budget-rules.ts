import { TASK_FIELD_MESSAGES as M } from './task-field-messages.ts';
import { BUDGET_MAX, TASK_MESSAGES } from './task-rules.ts';

/*
 * The budget's rules, apart from task-rules.ts: the forms and the API check them, but the home
 * page, which loads task-rules.ts, never does (its JavaScript budget, DESIGN.md).
 */

/** Digits with at most one decimal point, and a minus so that a negative budget is told as one. */
const PLAIN_DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/;

/**
 * The budget problem the spec names first (§5): negative, then zero; our own bounds after.
 * Returns null for a good budget. Shared by the server schema and the forms.
 */
export function budgetProblem(value: unknown): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) {
    return M.budgetRequired;
  }
  if (typeof value !== 'number' && typeof value !== 'string') return M.budgetNotNumber;
  if (!Number.isFinite(typeof value === 'number' ? value : Number(value.trim()))) {
    return M.budgetNotNumber;
  }
  // A number as its shortest decimal writing (JSON's 12.5 reads "12.5"; 1e-9 stays "1e-9"), so
  // what is judged is what was sent, not a float near it (999999.999999999 is not 1,000,000).
  const text = typeof value === 'number' ? String(value) : value.trim();
  const isPlain = PLAIN_DECIMAL.test(text);
  // Text must be a plain decimal: "0x10", "0b11", "0o17" and "1e3" are not prices.
  if (!isPlain && typeof value === 'string') return M.budgetNotNumber;
  const budget = Number(text);
  if (budget < 0) return TASK_MESSAGES.budgetNegative;
  if (budget === 0) return TASK_MESSAGES.budgetZero;
  if (budget > BUDGET_MAX) return M.budgetTooLarge;
  const decimals = isPlain ? (text.split('.')[1] ?? '') : 'not whole cents';
  if (decimals.length > 2 && !/^0*$/.test(decimals.slice(2))) return M.budgetCents;
  return null;
}
