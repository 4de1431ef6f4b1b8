/**
 * A dollar amount as typed ("12.34", "$1,234.5", "7") in whole cents, read digit by digit: no
 * float multiplication, so "0.29" is 29 cents, never 28.999…. Null when it is not an amount of
 * whole cents (letters, a minus sign, three decimals).
 */
export function parseDollarsToCents(text: string): number | null {
  const match = /^\$?(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match || (match[1] === undefined && !match[2])) return null;
  const dollars = (match[1] ?? '0').replaceAll(',', '');
  const cents = Number(dollars) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}
