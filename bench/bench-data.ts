import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import { createAuthForScripts } from '../src/server/auth/auth.ts';
import type { Config } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import type { TaskTable } from '../src/server/db/types.ts';
import { DEMO_TASKS, ensureUser, formatLocalDate } from '../src/server/seed/demo-data.ts';
import type { ScriptAccount } from '../src/server/seed/demo-types.ts';
import { createRandom } from '../src/server/seed/bulk-tasks.ts';

const POSTERS = 4;
const CHUNK_ROWS = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

export const BIDDER: ScriptAccount = {
  name: 'Bench Bidder',
  email: 'bench.bidder@example.com',
  password: 'BenchBidder1',
  image: 'https://images.example.com/bench-bidder.png',
};

export interface BenchData {
  taskIds: string[];
}

/**
 * `taskCount` tasks modelled on the demo tasks, by a few posters made through Better Auth, plus
 * the bidder account. Written directly, in one transaction, so seeding takes seconds.
 */
export async function seedBenchData(config: Config, taskCount: number): Promise<BenchData> {
  const handle = await openDatabase(config);
  try {
    const auth = createAuthForScripts(config, handle);
    const posters: string[] = [];
    for (let index = 1; index <= POSTERS; index += 1) {
      const poster = await ensureUser(handle.db, auth, {
        name: `Bench Poster ${index}`,
        email: `bench.poster${index}@example.com`,
        password: `BenchPoster${index}`,
        image: `https://images.example.com/bench-poster-${index}.png`,
      });
      posters.push(poster.id);
    }
    await ensureUser(handle.db, auth, BIDDER);

    const random = createRandom(20_240_601);
    const now = Date.now();
    const rows: Insertable<TaskTable>[] = [];
    for (let index = 0; index < taskCount; index += 1) {
      const template = DEMO_TASKS[index % DEMO_TASKS.length];
      if (!template) throw new Error('no demo tasks to model the bench tasks on');
      const createdAt = new Date(now - Math.floor(random() * 365 * DAY_MS)).toISOString();
      rows.push({
        id: crypto.randomUUID(),
        title: `${template.title} (${index + 1})`,
        category: template.category,
        description: template.description,
        deadline: formatLocalDate(new Date(now + Math.floor(random() * 400 - 30) * DAY_MS)),
        budget_cents: 500 + Math.floor(random() * 200_000),
        user_id: posters[index % posters.length] ?? '',
        created_at: createdAt,
        updated_at: createdAt,
      });
    }
    await handle.db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
        await trx
          .insertInto('tasks')
          .values(rows.slice(start, start + CHUNK_ROWS))
          .execute();
      }
    });
    return { taskIds: rows.map((row) => row.id) };
  } finally {
    await handle.close();
  }
}
