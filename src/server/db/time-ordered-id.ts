import crypto from 'node:crypto';

/**
 * A UUID version 7 (RFC 9562): the Unix time in milliseconds, then random bits. Rows keyed by
 * it are inserted at the end of their primary key's B-tree, so a thousand inserts write a few
 * index pages instead of a thousand scattered ones (docs/decisions/013-group-commit.md: a
 * random key made most of a bid's WAL pages). Unique as a v4 is: 74 random bits per millisecond.
 *
 * The random bits are those of `crypto.randomUUID()`, which draws from a pool Node fills 128
 * UUIDs at a time: `crypto.randomBytes(16)` asked OpenSSL on every call, about 10 µs a bid and
 * 4 % of the server's busy time under the bench's bids (CPU profile, issue 48).
 */
/** The time part of the last id: the ids of one millisecond share it. */
let last = { now: -1, time: '' };

export function timeOrderedId(now = Date.now()): string {
  // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx: the variant is already RFC 9562's (10xx).
  const random = crypto.randomUUID();
  if (now !== last.now) {
    const hex = now.toString(16).padStart(12, '0');
    last = { now, time: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7` };
  }
  return `${last.time}${random.slice(15)}`;
}
