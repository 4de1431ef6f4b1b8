import crypto from 'node:crypto';

/**
 * A UUID version 7 (RFC 9562): the Unix time in milliseconds, then random bits. Rows keyed by
 * it are inserted at the end of their primary key's B-tree, so a thousand inserts write a few
 * index pages instead of a thousand scattered ones (docs/decisions/013-group-commit.md: a
 * random key made most of a bid's WAL pages). Unique as a v4 is: 74 random bits per millisecond.
 */
export function timeOrderedId(now = Date.now()): string {
  const bytes = crypto.randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
