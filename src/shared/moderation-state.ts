import { z } from 'zod';

/**
 * Issue 20: how a hidden or removed item reads to its author and admins. Apart from
 * moderation.ts because every task answer's schema carries it, in the app's shell.
 */
export const MODERATION_NOTICES = {
  hidden: 'Hidden while we review reports',
  removed: (reason: string) => `Removed by Tasklane: ${reason}`,
} as const;

/** An item's moderation as its author and admins see it; nobody else sees the item at all. */
export const moderationStateSchema = z.object({
  state: z.enum(['hidden', 'removed']),
  message: z.string(),
});
export type ModerationState = z.infer<typeof moderationStateSchema>;

export function moderationStateOf(
  moderation: string | null,
  reason: string | null,
): ModerationState | undefined {
  if (moderation === 'hidden') return { state: 'hidden', message: MODERATION_NOTICES.hidden };
  if (moderation === 'removed') {
    return { state: 'removed', message: MODERATION_NOTICES.removed(reason ?? '') };
  }
  return undefined;
}
