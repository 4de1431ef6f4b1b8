import type { Kysely } from 'kysely';
import { ChangeLogCursor } from '../db/change-log-cursor.ts';
import { compiledOnce, databaseOf, filledToPowerOfTwo } from '../db/compiled-once.ts';
import { KEPT_DIRECTORY_CHANGES } from '../db/migrations/0032-directory-changes.ts';
import { IndexUpkeep } from '../db/index-upkeep.ts';
import type { Database } from '../db/types.ts';
import { deletedAddress } from '../accounts/deleted-accounts.ts';
import { CARD_COLUMNS, cardFiguresOf, directoryCardOf, profileWords } from './directory-entries.ts';
import {
  DirectoryIndex,
  type DirectoryEntry,
  type DirectoryIndexOptions,
} from './directory-index.ts';

/**
 * Issue 50: a DirectoryIndex kept in step with the database, as the task search's index is
 * (search/task-index-sync.ts, decision 032): built once from `freelancer_profiles` (in pages),
 * then brought up to date before each search from `freelancer_changes` (migration 0032), which
 * triggers fill whoever writes (where it was read to, and its holes: db/change-log-cursor.ts).
 */

type Db = Kysely<Database>;

const BUILD_PAGE = 2_000;
const FETCH_CHUNK = 500;
/**
 * The first search waits for the build, however many profiles there are: the index reads the
 * words from the text, and `freelancer_words`, which the engine's search reads, is written only
 * when the engine searches (SEARCH_INDEX=engine, profiles/directory-entries.ts). The server builds
 * it as it starts, and is not ready until then (app.ts): 100,000 profiles in about 3 s.
 */
const AWAIT_BUILD_UP_TO = Infinity;

const DELETED_SUFFIX = deletedAddress('').slice('deleted-'.length);

/**
 * The statements of `entriesOf`. Those of an update's users are compiled once for each power of
 * two of them (the list filled up with its last user): building and compiling them anew had
 * been about half of applying a save to the index. Cached by database (databaseOf): on
 * PostgreSQL an update reads on a Kysely of its own connection, new each time (index-upkeep.ts).
 */
function entryQueries(
  db: Db,
  which: { userIds: readonly string[] } | { after: string; limit: number },
) {
  const profiles = () =>
    db
      .selectFrom('freelancer_profiles as fp')
      .innerJoin('user as u', 'u.id', 'fp.user_id')
      .select(CARD_COLUMNS)
      .select([
        'fp.about',
        'fp.response_minutes',
        'fp.updated_at',
        'u.moderation',
        'u.email',
        'u.banned',
      ])
      .orderBy('fp.user_id');
  const skills = () => db.selectFrom('freelancer_skills').select(['user_id', 'skill_key']);
  if (!('userIds' in which)) {
    return {
      profiles: profiles().where('fp.user_id', '>', which.after).limit(which.limit).compile(),
      // The page's range of user ids, first to last.
      skills: (first: string, last: string) =>
        skills().where('user_id', '>=', first).where('user_id', '<=', last).compile(),
    };
  }
  const cache = databaseOf(db);
  const ids = filledToPowerOfTwo(which.userIds);
  const shape = `directory entries of ${ids.length} users`;
  return {
    profiles: compiledOnce(cache, `${shape}: profiles`, ids, () =>
      profiles().where('fp.user_id', 'in', ids),
    ),
    // Those asked for: a user without a profile has no skills either.
    skills: () =>
      compiledOnce(cache, `${shape}: skills`, ids, () => skills().where('user_id', 'in', ids)),
  };
}

/** The profiles of `userIds`, or of the page of user ids after `after`, as entries. */
async function entriesOf(
  db: Db,
  which: { userIds: readonly string[] } | { after: string; limit: number },
): Promise<DirectoryEntry[]> {
  const queries = entryQueries(db, which);
  const { rows } = await db.executeQuery(queries.profiles);
  if (rows.length === 0) return [];
  const first = rows[0]!.user_id;
  const last = rows.at(-1)!.user_id;
  const skills = await db.executeQuery(queries.skills(first, last));
  const entries = new Map<string, DirectoryEntry>();
  for (const row of rows) {
    const updatedAt = row.updated_at as string | Date;
    const skills = JSON.parse(row.skills) as string[];
    entries.set(row.user_id, {
      userId: row.user_id,
      listed: row.moderation === null && !row.banned && !row.email.endsWith(DELETED_SUFFIX),
      ...cardFiguresOf(row),
      responseMinutes: Number(row.response_minutes),
      updatedAt: updatedAt instanceof Date ? updatedAt.toISOString() : updatedAt,
      skillKeys: [],
      // From the text, as the save's own words: `freelancer_words` is the engine's search's
      // alone. Folding 100,000 profiles' takes 0.63 s; the build as a whole about a tenth
      // longer than reading them (2.5–2.8 → 2.8–3.1 s on a busy machine).
      words: profileWords({ headline: row.headline, about: row.about, skills }),
      card: directoryCardOf(row, skills),
    });
  }
  for (const row of skills.rows) {
    (entries.get(row.user_id)?.skillKeys as string[] | undefined)?.push(row.skill_key);
  }
  return [...entries.values()];
}

export class DirectoryIndexSync {
  private readonly options: DirectoryIndexOptions;

  constructor(options: DirectoryIndexOptions = {}) {
    this.options = options;
  }

  private readonly log = new ChangeLogCursor('freelancer_changes', KEPT_DIRECTORY_CHANGES);
  private readonly upkeep = new IndexUpkeep<DirectoryIndex>({
    table: 'freelancer_profiles',
    awaitBuildUpTo: AWAIT_BUILD_UP_TO,
    log: this.log,
    build: (db) => this.buildOn(db),
    apply: (db, index) => this.applyOn(db, index),
  });

  /**
   * The index with every change committed before this call; undefined while first built.
   * `changedAt`: the change clock of DIRECTORY_TABLES as the caller read it (the log is read
   * only when it moved: IndexUpkeep.latestAsOf).
   */
  current(db: Db, changedAt?: number): Promise<DirectoryIndex | undefined> {
    return this.upkeep.latestAsOf(db, changedAt);
  }

  /** Waits for the first build (the warm-up, tests, benches). */
  built(db: Db): Promise<DirectoryIndex> {
    return this.upkeep.built(db);
  }

  private async buildOn(db: Db): Promise<DirectoryIndex> {
    const index = new DirectoryIndex(this.options);
    index.startBuilding();
    await this.log.startAtEnd(db);
    let after = '';
    for (;;) {
      const page = await entriesOf(db, { after, limit: BUILD_PAGE });
      for (const entry of page) index.put(entry);
      if (page.length < BUILD_PAGE) break;
      after = page.at(-1)!.userId;
    }
    index.finishBuilding();
    return index;
  }

  /** The log's rows after the last applied, and the holes; false when too far behind. */
  private async applyOn(db: Db, index: DirectoryIndex): Promise<boolean> {
    const changes = await this.log.read(db);
    if (!changes) return false;
    if (changes.length === 0 && !this.log.hasHoles) return true;
    const userIds = [...new Set(changes.flatMap((change) => change.user_id ?? []))];
    for (let at = 0; at < userIds.length; at += FETCH_CHUNK) {
      const chunk = userIds.slice(at, at + FETCH_CHUNK);
      const entries = await entriesOf(db, { userIds: chunk });
      const found = new Set(entries.map((entry) => entry.userId));
      for (const id of chunk) if (!found.has(id)) index.remove(id);
      for (const entry of entries) index.put(entry);
    }
    this.log.advance(changes);
    return true;
  }
}

/** Each database's directory in memory: one per connection pool (or read worker). */
const syncs = new WeakMap<Db, DirectoryIndexSync>();

export function directoryIndexOf(db: Db): DirectoryIndexSync {
  let sync = syncs.get(db);
  if (!sync) {
    sync = new DirectoryIndexSync();
    syncs.set(db, sync);
  }
  return sync;
}
