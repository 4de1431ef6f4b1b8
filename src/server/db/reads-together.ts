import type { Kysely } from 'kysely';

interface Waiting<Row> {
  resolve: (row: Row | undefined) => void;
  reject: (reason: unknown) => void;
}

/**
 * Reads of one row by its key, each asked by its own request, read together: the keys asked
 * while the event loop handles one round of events (the requests that came in at once) are
 * read by one statement when the round ends (setImmediate), at most `atMost` keys a statement.
 * Each caller gets its own row, or undefined where none has its key; a failed statement fails
 * each of its callers. A statement's round trip, not its rows, is most of what a read by key
 * costs: under issue 18's mix, tasks read so answered 26-37 % more req/s on PostgreSQL and 4-5 %
 * more on SQLite than a statement for each
 * (docs/decisions/034-prepared-statements-and-reads-together.md).
 *
 * A read is sent after its caller asked it, so it sees whatever that caller committed before.
 * Inside a transaction, a read is that transaction's, and runs alone at once.
 *
 * Off: READ_TOGETHER = false, each read a statement of its own at once.
 */
const READ_TOGETHER: boolean = true;

export function readsTogether<Db, Key, Row>(
  readAll: (db: Kysely<Db>, keys: Key[]) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  atMost: number,
): (db: Kysely<Db>, key: Key) => Promise<Row | undefined> {
  const asked = new WeakMap<Kysely<Db>, Map<Key, Waiting<Row>[]>>();

  const readRound = (db: Kysely<Db>, round: Map<Key, Waiting<Row>[]>) => {
    const keys = [...round.keys()];
    for (let at = 0; at < keys.length; at += atMost) {
      const chunk = keys.slice(at, at + atMost);
      const settle = (each: (waiting: Waiting<Row>, key: Key) => void) => {
        for (const key of chunk) for (const waiting of round.get(key)!) each(waiting, key);
      };
      // A read that throws before its statement is sent fails its callers too, not the process.
      new Promise<Row[]>((resolve) => resolve(readAll(db, chunk))).then(
        (rows) => {
          const byKey = new Map(rows.map((row) => [keyOf(row), row]));
          settle((waiting, key) => waiting.resolve(byKey.get(key)));
        },
        (error: unknown) => settle((waiting) => waiting.reject(error)),
      );
    }
  };

  return (db, key) => {
    if (!READ_TOGETHER || db.isTransaction) return readAll(db, [key]).then((rows) => rows[0]);
    let round = asked.get(db);
    if (!round) {
      const started = new Map<Key, Waiting<Row>[]>();
      asked.set(db, (round = started));
      setImmediate(() => {
        asked.delete(db);
        readRound(db, started);
      });
    }
    const waiting = round.get(key);
    return new Promise<Row | undefined>((resolve, reject) => {
      if (waiting) waiting.push({ resolve, reject });
      else round.set(key, [{ resolve, reject }]);
    });
  };
}
