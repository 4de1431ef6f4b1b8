import type { Kysely } from 'kysely';
import { ANSWERED_COLUMNS, logChangesOf, USER_COLUMNS } from './0017-task-answer-changes.ts';

/** What a task's answer shows of its files, kept on its row: lists read no other table. */
export const TASK_FILE_COLUMNS = ['photo_key', 'photo_placeholder', 'file_count'] as const;

/**
 * Issue 49: uploaded files (docs/files.md, decision 055). A row is made when an upload is asked
 * for (pending), judged and processed on completion (ready), then attached to one item in that
 * item's transaction (attached) or removed with it (removed; its bytes deleted). Images keep
 * the sha-256 of their original bytes as `storage_key`: their variants are named by it, so two
 * rows of the same photo share them. Documents keep the key of their stored bytes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('mime', 'text')
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('placeholder', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attached_type', 'text')
    .addColumn('attached_id', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attached_at', 'text')
    .addColumn('removed_at', 'text')
    // When a removed file's bytes were deleted (the sweep does it, on any instance).
    .addColumn('purged_at', 'text')
    .execute();
  // The quota and the daily count.
  await db.schema
    .createIndex('files_owner_idx')
    .on('files')
    .columns(['owner_id', 'created_at'])
    .execute();
  // An item's files.
  await db.schema
    .createIndex('files_attached_idx')
    .on('files')
    .columns(['attached_type', 'attached_id', 'position'])
    .execute();
  // The sweep of uploads never attached.
  await db.schema
    .createIndex('files_status_idx')
    .on('files')
    .columns(['status', 'created_at'])
    .execute();
  // GET /files/<sha>-<variant>.webp, and whether other rows still use a photo's variants.
  await db.schema.createIndex('files_storage_idx').on('files').column('storage_key').execute();

  // A task's first photo (its sha-256 and placeholder) and how many files it has: lists and
  // searches show the thumbnail from the row they read anyway, and a task read asks for its
  // files only when it has some. Written in the transaction that attaches them, so the kept
  // answers end and the log of changes names the task (migration 0017).
  await db.schema.alterTable('tasks').addColumn('photo_key', 'text').execute();
  await db.schema.alterTable('tasks').addColumn('photo_placeholder', 'text').execute();
  await db.schema
    .alterTable('tasks')
    .addColumn('file_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await logChangesOf(db, [...ANSWERED_COLUMNS, ...TASK_FILE_COLUMNS], USER_COLUMNS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await logChangesOf(db, ANSWERED_COLUMNS, USER_COLUMNS);
  for (const column of TASK_FILE_COLUMNS) {
    await db.schema.alterTable('tasks').dropColumn(column).execute();
  }
  await db.schema.dropTable('files').execute();
}
