/**
 * A map whose entries are each counted for some bytes, and which keeps no more than `maxBytes`
 * of them: the search index's prefix entries (task-index.ts) and the rows of tasks its pages
 * showed (kept-task-rows.ts). Beyond the bound, entries go in the order they were put in, but
 * one read since (`get`) gets a second chance first (CLOCK): a read only marks its entry, where
 * moving it to the end of the map was a tenth of a search's time in the read worker. The entry
 * being put in or grown is never the one to go.
 */
export class ByteBoundedMap<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number; used: boolean }>();
  private counted = 0;
  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** What the entries are counted for. */
  get bytes(): number {
    return this.counted;
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The value of `key`, marked as read. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    entry.used = true;
    return entry.value;
  }

  set(key: K, value: V, bytes: number): void {
    this.delete(key);
    this.entries.set(key, { value, bytes, used: false });
    this.counted += bytes;
    this.keepToBound(key);
  }

  /** `key`'s entry now holds `bytes` more (a prefix's bits, made by its first walk). */
  grow(key: K, bytes: number): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.bytes += bytes;
    this.counted += bytes;
    this.keepToBound(key);
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.counted -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.counted = 0;
  }

  /** Every entry, in the order kept (entries may be deleted meanwhile). */
  *[Symbol.iterator](): IterableIterator<[K, V]> {
    for (const [key, { value }] of this.entries) yield [key, value];
  }

  private keepToBound(spared: K): void {
    for (const [key, entry] of this.entries) {
      if (this.counted <= this.maxBytes) return;
      if (key === spared) continue;
      if (entry.used) {
        // Its second chance: to the end, unmarked.
        entry.used = false;
        this.entries.delete(key);
        this.entries.set(key, entry);
      } else this.delete(key);
    }
  }
}
