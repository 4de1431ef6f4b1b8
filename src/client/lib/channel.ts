/**
 * A tab-wide channel of one kind of news (a notification, a message): whoever subscribes gets
 * each item published while subscribed. The live stream publishes; open pages listen.
 */
export interface Channel<T> {
  publish(item: T): void;
  /** Calls `listener` with each new item while subscribed; returns the unsubscribe. */
  subscribe(listener: (item: T) => void): () => void;
}

export function createChannel<T>(): Channel<T> {
  const listeners = new Set<(item: T) => void>();
  return {
    publish: (item) => {
      for (const listener of listeners) listener(item);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
