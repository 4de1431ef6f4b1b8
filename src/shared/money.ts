/** USD amounts are stored as integer cents (DESIGN.md "Data"): one conversion from dollars. */
export const toCents = (usd: number): number => Math.round(usd * 100);
