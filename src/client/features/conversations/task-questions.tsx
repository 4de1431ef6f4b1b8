import { useEffect, useId, useState } from 'react';
import {
  CONVERSATION_MESSAGES,
  QUESTION_MAX_LENGTH,
  questionInputSchema,
  replyInputSchema,
  type Question,
} from '../../../shared/conversations.ts';
import { questionLink, taskLink } from '../../../shared/links.ts';
import type { NotificationType } from '../../../shared/notifications.ts';
import type { Task } from '../../../shared/tasks.ts';
import { useFocusLater } from '../../lib/use-focus-later.ts';
import { ReportButton } from '../moderation/report-button.tsx';
import { subscribeToNotifications } from '../notifications/notifications-store.ts';
import { useReadWhileShown } from '../notifications/read-while-shown.ts';
import { conversationsApi } from './conversations-api.ts';
import { questionElementId, useFocusWhenTarget, useLinkTarget } from './link-target.ts';
import { TextComposer } from './text-composer.tsx';
import { WrittenText } from './written-text.tsx';

/** The notifications that say a thread of this page changed. */
const QUESTION_NEWS: readonly NotificationType[] = ['question_asked', 'question_replied'];

/**
 * A task's public questions (issue 10): any signed-in reader asks the poster (not the poster),
 * everyone signed in reads them, newest first, with their replies; the poster and the asker reply
 * in the thread. A notification about this task's questions reloads them while the page is open.
 */
export function TaskQuestions({
  task,
  questions,
  userId,
  reload,
}: {
  task: Task;
  questions: Question[];
  userId: string;
  reload(): Promise<void>;
}) {
  const id = useId();
  const isPoster = task.userId === userId;
  const hint = task.status === 'open' ? CONVERSATION_MESSAGES.contactsHidden : undefined;

  useEffect(() => {
    const prefix = `${taskLink(task._id)}?`;
    return subscribeToNotifications((notification) => {
      if (QUESTION_NEWS.includes(notification.type) && notification.link.startsWith(prefix)) {
        void reload().catch(() => undefined);
      }
    });
  }, [task._id, reload]);

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        Questions
      </h2>
      {isPoster ? (
        <p>Readers ask you about the task here; reply in each question’s thread.</p>
      ) : (
        <TextComposer
          name={`Ask ${task.userName} a question`}
          label={`Your question to ${task.userName}`}
          schema={questionInputSchema}
          maxLength={QUESTION_MAX_LENGTH}
          submitLabel="Ask question"
          hint={[hint, 'Everyone signed in can read questions and replies.']
            .filter(Boolean)
            .join(' ')}
          send={(text) => conversationsApi.askQuestion(task._id, text)}
          onSent={reload}
        />
      )}
      {questions.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6 text-center">No questions yet.</p>
      ) : (
        <ol aria-label="Questions, newest first" className="space-y-4">
          {questions.map((question) => (
            <QuestionThread
              key={question._id}
              task={task}
              question={question}
              userId={userId}
              hint={hint}
              reload={reload}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function QuestionThread({
  task,
  question,
  userId,
  hint,
  reload,
}: {
  task: Task;
  question: Question;
  userId: string;
  hint: string | undefined;
  reload(): Promise<void>;
}) {
  const isTarget = useLinkTarget().questionId === question._id;
  const ref = useFocusWhenTarget<HTMLElement>(isTarget);
  // Reached by its link (a notification's): the notifications about this thread are read.
  useReadWhileShown(isTarget ? questionLink(task._id, question._id) : null);
  const [isReplying, setIsReplying] = useState(false);
  const replyButton = useFocusLater<HTMLButtonElement>();
  const id = useId();
  const canReply = userId === task.userId || userId === question.asker._id;
  const noteOf = (authorId: string) => (authorId === task.userId ? '(poster)' : undefined);
  const closeReply = () => {
    setIsReplying(false);
    replyButton.request();
  };

  return (
    <li>
      <article
        id={questionElementId(question._id)}
        ref={ref}
        tabIndex={-1}
        aria-labelledby={`${id}-heading`}
        className="card scroll-mt-20 border border-base-300 bg-base-100"
      >
        <div className="card-body gap-3 p-4">
          <h3 id={`${id}-heading`} className="sr-only">
            Question from {question.asker.name}
          </h3>
          <WrittenText
            author={question.asker}
            createdAt={question.createdAt}
            text={question.text}
            moderation={question.moderation}
            action={
              <ReportButton
                itemType="question"
                itemId={question._id}
                authorId={question.asker._id}
                what="this question"
                moderation={question.moderation}
                isSubtle
              />
            }
          />
          {question.replies.length > 0 && (
            <ol
              aria-label={`Replies to ${question.asker.name}`}
              className="space-y-2 border-l-4 border-base-300 pl-3"
            >
              {question.replies.map((reply) => (
                <li key={reply._id}>
                  <WrittenText
                    author={reply.author}
                    createdAt={reply.createdAt}
                    text={reply.text}
                    note={noteOf(reply.author._id)}
                    moderation={reply.moderation}
                    action={
                      <ReportButton
                        itemType="reply"
                        itemId={reply._id}
                        authorId={reply.author._id}
                        what="this reply"
                        moderation={reply.moderation}
                        isSubtle
                      />
                    }
                  />
                </li>
              ))}
            </ol>
          )}
          {canReply &&
            (isReplying ? (
              <TextComposer
                name={`Reply to ${question.asker.name}`}
                label="Your reply"
                schema={replyInputSchema}
                maxLength={QUESTION_MAX_LENGTH}
                submitLabel="Send reply"
                hint={hint}
                autoFocus
                send={(text) => conversationsApi.replyToQuestion(question._id, text)}
                onSent={async () => {
                  closeReply();
                  await reload();
                }}
                onCancel={closeReply}
              />
            ) : (
              <div>
                <button
                  ref={replyButton.ref}
                  type="button"
                  className="btn btn-outline btn-sm"
                  aria-label={`Reply to the question from ${question.asker.name}`}
                  onClick={() => setIsReplying(true)}
                >
                  Reply
                </button>
              </div>
            ))}
        </div>
      </article>
    </li>
  );
}
