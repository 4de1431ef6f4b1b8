import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  CONVERSATION_MESSAGES,
  MESSAGE_MAX_LENGTH,
  messageInputSchema,
  type Message,
} from '../../../shared/conversations.ts';
import { FILE_MESSAGES } from '../../../shared/files.ts';
import { offerLink } from '../../../shared/links.ts';
import type { Offer } from '../../../shared/offers.ts';
import type { Task } from '../../../shared/tasks.ts';
import { optional } from '../../lib/optional.tsx';
import { errorMessage } from '../../lib/use-form.ts';
import { MessageFiles } from '../files/message-files.tsx';
import type { MessageUploads } from '../files/message-uploader.tsx';
import { BlockControl } from '../moderation/block-control.tsx';
import { ReportButton } from '../moderation/report-button.tsx';
import { useReadWhileShown } from '../notifications/read-while-shown.ts';
import { conversationsApi } from './conversations-api.ts';
import { conversationElementId, useFocusWhenTarget, useLinkTarget } from './link-target.ts';
import { subscribeToMessages } from './live-messages.ts';
import { TextComposer } from './text-composer.tsx';
import { WrittenText } from './written-text.tsx';

/** The message's uploader: its own chunk, loaded once a conversation is open (issue 49). */
const MessageUploader = optional(() =>
  import('../files/message-uploader.tsx').then((module) => module.default),
);

/** Messages in order (oldest first), each once: a list read and live events may overlap. */
function mergeMessages(current: Message[], news: Message[]): Message[] {
  const byId = new Map(current.map((message) => [message._id, message]));
  for (const message of news) byId.set(message._id, message);
  return [...byId.values()].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id),
  );
}

/**
 * An offer's private conversation (issue 10) between the task's poster and the offer's author,
 * for those two only (the offers list for the poster, their own offer for the bidder; the API
 * gives nobody else the offer). Closed until asked for, or opened by a notification's link
 * (`?offer=`); while open, messages of the live stream for this offer appear at once, and the
 * notifications that link to it are read (read-while-shown.ts). Either may block the other
 * from it (issue 20).
 */
export function OfferConversation({
  task,
  offer,
  userId,
  headingLevel,
  onBlocked,
}: {
  task: Task;
  offer: Offer;
  userId: string;
  /** The level under the heading of the part of the page it sits in. */
  headingLevel: 3 | 4;
  /** After the other is blocked (a pending offer between them is withdrawn by it). */
  onBlocked(): Promise<void> | void;
}) {
  const isTarget = useLinkTarget().offerId === offer._id;
  const [isOpen, setIsOpen] = useState(isTarget);
  const [messages, setMessages] = useState<Message[] | null>(null);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  // The files of the message being written; a new uploader (empty) after each message sent.
  const uploads = useRef<MessageUploads>({ ids: [], isUnsettled: false });
  const [uploaderKey, setUploaderKey] = useState(0);
  const onUploadsChange = useCallback((current: MessageUploads) => {
    uploads.current = current;
  }, []);
  const heading = useFocusWhenTarget<HTMLHeadingElement>(isTarget && isOpen);
  const id = useId();
  const other =
    userId === task.userId ? offer.bidder : { _id: task.userId, name: task.userName, image: null };
  // Contacts show only between the poster and the hired freelancer, once hired (the server's rule).
  const areContactsHidden = task.status === 'open' || task.assignee?._id !== offer.bidder._id;

  useReadWhileShown(isOpen ? offerLink(task._id, offer._id) : null);

  const load = useCallback(async () => {
    try {
      const list = await conversationsApi.listOfferMessages(offer._id);
      setMessages((current) => mergeMessages(current ?? [], list));
      setLoadFailure(null);
    } catch (error) {
      setLoadFailure(errorMessage(error));
    }
  }, [offer._id]);

  useEffect(() => {
    if (!isOpen) return;
    const unsubscribe = subscribeToMessages((message) => {
      if (message.offerId === offer._id) {
        setMessages((current) => mergeMessages(current ?? [], [message]));
      }
    });
    void load();
    return unsubscribe;
  }, [isOpen, load, offer._id]);

  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const panelId = `${id}-panel`;

  return (
    <div id={conversationElementId(offer._id)} className="space-y-3">
      <button
        type="button"
        className="btn btn-outline btn-sm"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        Messages with {other.name}
      </button>
      {isOpen && (
        <section
          id={panelId}
          aria-labelledby={`${id}-heading`}
          className="space-y-3 rounded-box border border-base-300 p-3"
        >
          <Heading
            id={`${id}-heading`}
            ref={heading}
            tabIndex={-1}
            className="scroll-mt-20 text-lg font-semibold wrap-anywhere"
          >
            Private messages with {other.name}
          </Heading>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm">Only you and {other.name} see these messages.</p>
            <BlockControl user={other} withName onBlocked={onBlocked} />
          </div>
          {messages === null ? (
            <p role={loadFailure ? 'alert' : undefined}>{loadFailure ?? 'Loading messages…'}</p>
          ) : (
            <>
              {messages.length === 0 && <p>No messages yet.</p>}
              {/* Kept in the page once loaded, so each new message is announced (aria-live). */}
              <ol
                aria-label={`Messages with ${other.name}`}
                aria-live="polite"
                className="space-y-2"
              >
                {messages.map((message) => (
                  <li
                    key={message._id}
                    className={`rounded-box p-3 ${message.author._id === userId ? 'ml-6 bg-base-200' : 'mr-6 border border-base-300'}`}
                  >
                    <WrittenText
                      author={message.author}
                      createdAt={message.createdAt}
                      text={message.text}
                      moderation={message.moderation}
                      action={
                        // Only its recipient may report a message: the button hides for its author.
                        <ReportButton
                          itemType="message"
                          itemId={message._id}
                          authorId={message.author._id}
                          what="this message"
                          moderation={message.moderation}
                          isSubtle
                        />
                      }
                    />
                    {message.files && (
                      <MessageFiles files={message.files} authorId={message.author._id} />
                    )}
                  </li>
                ))}
              </ol>
            </>
          )}
          <TextComposer
            name={`Message to ${other.name}`}
            label="Your message"
            schema={messageInputSchema}
            maxLength={MESSAGE_MAX_LENGTH}
            submitLabel="Send message"
            hint={areContactsHidden ? CONVERSATION_MESSAGES.contactsHidden : undefined}
            send={async (text) => {
              const files = uploads.current;
              if (files.isUnsettled) throw new Error(FILE_MESSAGES.notReady);
              return conversationsApi.sendMessage(offer._id, text, files.ids);
            }}
            onSent={async () => {
              uploads.current = { ids: [], isUnsettled: false };
              setUploaderKey((key) => key + 1);
              await load();
            }}
          >
            <MessageUploader key={uploaderKey} onChange={onUploadsChange} />
          </TextComposer>
        </section>
      )}
    </div>
  );
}
