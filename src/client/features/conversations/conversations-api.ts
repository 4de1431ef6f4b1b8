import { z } from 'zod';
import { messageSchema, questionSchema } from '../../../shared/conversations.ts';
import { insertedSchema } from '../../../shared/tasks.ts';
import { requestAs } from '../../lib/api.ts';
import { apiPaths } from '../../lib/paths.ts';

/** The questions and messages calls of issue 10, each answer read with its shared schema. */
export const conversationsApi = {
  /** Newest first, each with its replies oldest first. */
  listTaskQuestions: (taskId: string) =>
    requestAs(z.array(questionSchema), 'GET', apiPaths.taskQuestions(taskId)),
  askQuestion: (taskId: string, text: string) =>
    requestAs(insertedSchema, 'POST', apiPaths.taskQuestions(taskId), { text }),
  replyToQuestion: (questionId: string, text: string) =>
    requestAs(insertedSchema, 'POST', apiPaths.questionReplies(questionId), { text }),
  /** Oldest first. */
  listOfferMessages: (offerId: string) =>
    requestAs(z.array(messageSchema), 'GET', apiPaths.offerMessages(offerId)),
  /** With the ids of ready uploads (issue 49); none sends the spec's body unchanged. */
  sendMessage: (offerId: string, text: string, fileIds: readonly string[] = []) =>
    requestAs(
      insertedSchema,
      'POST',
      apiPaths.offerMessages(offerId),
      fileIds.length > 0 ? { text, fileIds } : { text },
    ),
};
