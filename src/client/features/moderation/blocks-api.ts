import { z } from 'zod';
import { moderationApiPaths } from './moderation-paths.ts';
import {
  blockedUserSchema,
  blockStatusSchema,
  messageAnswerSchema,
  type BlockedUser,
} from '../../../shared/moderation.ts';
import { requestAs } from '../../lib/api.ts';
import { apiPaths } from '../../lib/paths.ts';

const blockDoneSchema = messageAnswerSchema;
export type { BlockedUser };

/** Issue 20 "Block": my blocks, each answer read with its schema. */
export const blocksApi = {
  /** Resolves to the server's message for the toast. */
  blockUser: async (userId: string) =>
    (await requestAs(blockDoneSchema, 'POST', moderationApiPaths.userBlock(userId))).message,
  unblockUser: async (userId: string) =>
    (await requestAs(blockDoneSchema, 'DELETE', moderationApiPaths.userBlock(userId))).message,
  /** Whether I blocked the user (never whether they blocked me). */
  isBlocked: async (userId: string) =>
    (await requestAs(blockStatusSchema, 'GET', moderationApiPaths.userBlock(userId))).blocked,
  /** The users I blocked, most recent first. */
  listMyBlocks: () => requestAs(z.array(blockedUserSchema), 'GET', apiPaths.myBlocks),
};
