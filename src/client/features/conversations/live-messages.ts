import type { Message } from '../../../shared/conversations.ts';
import { createChannel } from '../../lib/channel.ts';

/**
 * The new messages of my offer conversations that the tab's live stream brings (issue 10 "Live":
 * `event: message`, mine from other tabs included), for the open conversations to show.
 */
const messages = createChannel<Message>();

export const publishMessage = messages.publish;
/** Calls the listener with each new message while subscribed; returns the unsubscribe. */
export const subscribeToMessages = messages.subscribe;
