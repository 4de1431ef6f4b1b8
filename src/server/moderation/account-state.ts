/**
 * Issue 20: how others see a suspended or banned account where its words stay (messages it
 * sent, reviews it wrote): 'suspended' until its end, 'banned' for good, nothing otherwise.
 */
export function accountStateOf(
  banned: boolean | number | null,
  banExpires: Date | string | null,
  now = Date.now(),
): { accountState?: 'suspended' | 'banned' } {
  if (!banned) return {};
  if (banExpires === null) return { accountState: 'banned' };
  return new Date(banExpires).getTime() > now ? { accountState: 'suspended' } : {};
}
