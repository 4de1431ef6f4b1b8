import { type Kysely, sql } from 'kysely';

/**
 * Issue 9, the marketplace loop: a task's status and assignment, offers, the assignments that
 * ended early, and reviews. Portable as 0001 is: text ids, integer cents, ISO-8601 text times.
 * SQLite adds one column per ALTER TABLE, so each is its own statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tasks = () => db.schema.alterTable('tasks');
  await tasks()
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'assigned', 'completed')`),
    )
    .execute();
  // The hired freelancer and the accepted offer, set while assigned and after completion.
  await tasks()
    .addColumn('assignee_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .execute();
  for (const column of ['accepted_offer_id', 'assigned_at', 'delivered_at', 'completed_at']) {
    await tasks().addColumn(column, 'text').execute();
  }

  // The home page's lists of tasks that take offers (status = 'open', deadline not passed), in
  // the order of each list, like migration 0002's.
  const statusIndexes = [
    {
      name: 'tasks_status_deadline_idx',
      columns: ['status', 'deadline', 'created_at desc', 'id desc'],
    },
    {
      name: 'tasks_status_bids_idx',
      columns: ['status', 'bids_count desc', 'created_at desc', 'id desc'],
    },
    { name: 'tasks_status_created_idx', columns: ['status', 'created_at desc', 'id desc'] },
    // Profiles count a freelancer's jobs; the auto-completion sweep finds delivered tasks.
    { name: 'tasks_assignee_idx', columns: ['assignee_id', 'status'] },
    { name: 'tasks_delivered_idx', columns: ['status', 'delivered_at'] },
  ];
  for (const index of statusIndexes) {
    await db.schema.createIndex(index.name).on('tasks').columns(index.columns).execute();
  }

  await db.schema
    .createTable('offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('bidder_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) =>
      c.notNull().check(sql`amount_cents > 0 and amount_cents <= 100000000`),
    )
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(sql`status in ('pending', 'accepted', 'declined', 'withdrawn', 'released')`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One offer per freelancer per task; a withdrawn one is revived in place (offers.store.ts).
  await db.schema
    .createIndex('offers_task_bidder_idx')
    .on('offers')
    .columns(['task_id', 'bidder_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('offers_bidder_idx')
    .on('offers')
    .columns(['bidder_id', 'created_at desc', 'id desc'])
    .execute();

  // Assignments ended before completion: who ended it and why (profiles' completion rate).
  await db.schema
    .createTable('task_reopenings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('assignee_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('ended_by_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('task_reopenings_assignee_idx')
    .on('task_reopenings')
    .columns(['assignee_id', 'ended_by_id'])
    .execute();
  await db.schema
    .createIndex('task_reopenings_task_idx')
    .on('task_reopenings')
    .column('task_id')
    .execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('reviewer_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('reviewee_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    // What the reviewee was on the task: the hired freelancer or the client who posted it.
    .addColumn('reviewee_role', 'text', (c) =>
      c.notNull().check(sql`reviewee_role in ('freelancer', 'client')`),
    )
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Double-blind: public from here on (completion + 14 days), or once the other review is in.
    .addColumn('public_at', 'text', (c) => c.notNull())
    .execute();
  // Each party reviews the other once per task.
  await db.schema
    .createIndex('reviews_task_reviewer_idx')
    .on('reviews')
    .columns(['task_id', 'reviewer_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('reviews_reviewee_idx')
    .on('reviews')
    .columns(['reviewee_id', 'created_at desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['reviews', 'task_reopenings', 'offers']) {
    await db.schema.dropTable(table).execute();
  }
  for (const index of [
    'tasks_status_deadline_idx',
    'tasks_status_bids_idx',
    'tasks_status_created_idx',
    'tasks_assignee_idx',
    'tasks_delivered_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of [
    'completed_at',
    'delivered_at',
    'assigned_at',
    'accepted_offer_id',
    'assignee_id',
    'status',
  ]) {
    await db.schema.alterTable('tasks').dropColumn(column).execute();
  }
}
