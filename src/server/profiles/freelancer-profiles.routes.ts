import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  freelancerProfileInputSchema,
  freelancerProfileSchema,
  skillCategoriesSchema,
  SKILLS_BY_CATEGORY,
} from '../../shared/freelancer-profiles.ts';
import { directoryQuerySchema, directoryResultSchema } from '../../shared/freelancer-directory.ts';
import { CATEGORIES } from '../../shared/task-constants.ts';
import { optionalUser, requireUser, requireWriter } from '../auth/session.ts';
import { errors, type TasksRoutesOptions } from '../tasks/tasks.routes.ts';
import { directoryWrittenAnswer } from './directory-answer.ts';
import { createAnswerCache, type WrittenAnswer } from '../answer-cache.ts';
import { COMPRESS_THRESHOLD } from '../compression.ts';
import { changeClockOf } from '../db/change-clock.ts';
import { BLOCK_TABLES } from '../moderation/blocks.ts';
import { createEngineIndexes, DIRECTORY_TABLES } from './freelancer-directory.ts';
import { writeLeftProfileWords } from './directory-entries.ts';
import type { ReadWorkers } from '../db/read-workers.ts';
import {
  readFreelancerProfile,
  saveFreelancerProfile,
  WORDS_ONLY_FOR_ENGINE,
} from './freelancer-profiles.ts';
import { recommendedTasks } from '../tasks/recommended-tasks.ts';
import { recommendedTasksSchema } from '../../shared/task-skills.ts';

/**
 * Issue 50 under /api: a freelancer's own profile, the curated skills and the directory of
 * freelancers. Additive.
 */
export const freelancerProfilesRoutes: FastifyPluginAsyncZod<
  TasksRoutesOptions & { readers?: ReadWorkers | undefined; memoryIndex: boolean }
> = async (app, { auth, db, readers, memoryIndex }) => {
  // The directory is searched where the task search is: on read workers, from an index in
  // memory (docs/decisions/057-directory-index.md).
  const searchDirectory = readers
    ? (...args: Parameters<typeof directoryWrittenAnswer>) =>
        readers.run<WrittenAnswer>('directoryWrittenAnswer', args.slice(1))
    : directoryWrittenAnswer;
  // Not kept (a reader's blocks change the page): the cache only sends the written bytes.
  const answers = createAnswerCache(db, 'directory', 0, [], { compresses: true });
  const clock = changeClockOf(db);
  // The engine's search reads `freelancer_words` and walks its own indexes: those saves left
  // behind are written first, the indexes made where missing.
  if (!memoryIndex) {
    await createEngineIndexes(db);
    await writeLeftProfileWords(db);
  }
  app.get(
    '/api/skills',
    {
      schema: {
        summary: 'The curated skills of each category (any other skill may be typed)',
        response: {
          200: skillCategoriesSchema,
        },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return {
        categories: CATEGORIES.map((category) => ({
          category,
          skills: [...SKILLS_BY_CATEGORY[category]],
        })),
      };
    },
  );

  app.get(
    '/api/me/freelancer-profile',
    {
      schema: {
        summary: 'My freelancer profile, as written',
        response: { 200: freelancerProfileSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return readFreelancerProfile(db, user.id, user.id);
    },
  );

  app.put(
    '/api/me/freelancer-profile',
    {
      schema: {
        summary: 'Save my freelancer profile (the whole of it: what is left out is cleared)',
        description:
          'Headline (≤ 80), about (≤ 2,000, plain text), up to 15 skills, an optional rate in USD (a starting price or per hour), languages, an IANA time zone, https links (website, GitHub, Behance, Dribbble, LinkedIn, each on its own site) and "available now". Others read the headline and about with contact details hidden. Answers the profile as saved.',
        body: freelancerProfileInputSchema,
        response: { 200: freelancerProfileSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireWriter(auth, request);
      return saveFreelancerProfile(db, user.id, request.body, {
        writesWords: !memoryIndex || !WORDS_ONLY_FOR_ENGINE,
      });
    },
  );

  app.get(
    '/api/freelancers',
    {
      compress: { threshold: COMPRESS_THRESHOLD },
      schema: {
        summary: 'The freelancer directory, one page at a time',
        description:
          '`{items, total, totalIsLowerBound, page, pageSize}` (total counted up to 1,000): people who filled in a freelancer profile, found by words (headline, about, skills as others read them, contact details hidden), skills (each required), a category (any of its curated skills), a minimum rating (public reviews), a maximum rate in USD and "available now"; sorted by relevance (the default with q), rating, tasks completed, response time (fastest first) or the newest profile (the default without q). Hidden, banned, suspended and deleted accounts never appear, nor, for a signed-in reader, anyone they blocked or who blocked them. Headlines with contact details hidden. Bad parameters answer 400 `{message}`.',
        querystring: directoryQuerySchema,
        response: { 200: directoryResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await optionalUser(auth, request);
      // Read before the search: the index reads its log, and a reader's blocks are read, only
      // when these have moved since.
      const clocks = clock && {
        profiles: clock.valueOf(DIRECTORY_TABLES),
        blocks: clock.valueOf(BLOCK_TABLES),
      };
      return answers.sendWritten(reply, '', user?.id ?? null, (readerId, encoding) =>
        searchDirectory(db, request.query, readerId, memoryIndex, clocks, encoding),
      );
    },
  );

  app.get(
    '/api/me/recommended-tasks',
    {
      schema: {
        summary: 'Recommended for you: open tasks that share skills of my freelancer profile',
        description:
          'At most 6 open, unexpired tasks of others (never a blocked poster’s), the most skills shared with my freelancer profile first, then the newest, then the largest budget. `hasSkills` is false when my profile lists no skills (and the list is empty).',
        response: { 200: recommendedTasksSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return recommendedTasks(db, user.id);
    },
  );
};
