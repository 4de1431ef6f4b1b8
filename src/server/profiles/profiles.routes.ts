import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PORTFOLIO_LINK_MAX_LENGTH,
  PORTFOLIO_MAX,
  PORTFOLIO_TITLE_MAX_LENGTH,
  portfolioCreateSchema,
  portfolioItemParamsSchema,
  portfolioItemSchema,
  portfolioOrderSchema,
  portfolioSchema,
  portfolioUpdateSchema,
} from '../../shared/portfolio.ts';
import { profileSchema, profileSummarySchema, userIdParamsSchema } from '../../shared/profiles.ts';
import { deletedSchema } from '../../shared/tasks.ts';
import { ADMIN_ROLE } from '../auth/auth.ts';
import { optionalUser, requireUser } from '../auth/session.ts';
import { errors, type TasksRoutesOptions } from '../tasks/tasks.routes.ts';
import {
  addPortfolioItem,
  deletePortfolioItem,
  listPortfolio,
  reorderPortfolio,
  updatePortfolioItem,
} from './portfolio.service.ts';
import { getProfile, getProfileSummary } from './profiles.service.ts';

const PIECE_RULES = `A title is required, trimmed, at most ${PORTFOLIO_TITLE_MAX_LENGTH} characters; a link is optional, a full https:// address of at most ${PORTFOLIO_LINK_MAX_LENGTH} characters (null or '' clears it).`;

/** Public profiles under /api (issue 9): anyone may read them; no email appears. */
export const profilesRoutes: FastifyPluginAsyncZod<TasksRoutesOptions> = async (
  app,
  { auth, db },
) => {
  /** Who reads a profile: its owner and admins see one hidden by moderation. */
  const readerOf = async (request: FastifyRequest) => {
    const user = await optionalUser(auth, request);
    return user && { id: user.id, isAdmin: user.role === ADMIN_ROLE };
  };
  app.get(
    '/api/users/:id',
    {
      schema: {
        summary: "A user's public profile",
        description:
          'Rating (public reviews), jobs completed and completion rate as a freelancer (completed ÷ (completed + assignments the freelancer ended)), tasks posted and hires as a client, and the public reviews, newest first.',
        params: userIdParamsSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => {
      return getProfile(db, request.params.id, await readerOf(request));
    },
  );

  // Review of issue 51: the task page's side card reads this, not the whole profile.
  app.get(
    '/api/users/:id/summary',
    {
      schema: {
        summary: "A user's summary: what a task page shows of its poster",
        description:
          'Name, photo, member since, rating (public reviews, as on the profile) and two checks (email verified, paid for a hire through Tasklane); read as the profile is: 404 for a deleted account, or one hidden or removed by moderation unless it is the reader’s own or the reader an admin.',
        params: userIdParamsSchema,
        response: { 200: profileSummarySchema, ...errors },
      },
    },
    async (request) => {
      return getProfileSummary(db, request.params.id, await readerOf(request));
    },
  );

  // Issue 49: the portfolio (docs/files.md).
  app.get(
    '/api/users/:id/portfolio',
    {
      schema: {
        summary: "A user's portfolio (public)",
        description: `Up to ${PORTFOLIO_MAX} pieces in the owner's order, each a photo (public variants under /files/) with a title and an optional link. Read as the profile is (404 for a deleted account, or one hidden or removed by moderation unless it is the reader's own or the reader an admin); empty for others while the account is banned or either blocks the other.`,
        params: userIdParamsSchema,
        response: { 200: portfolioSchema, ...errors },
      },
    },
    async (request) => {
      return listPortfolio(db, request.params.id, await readerOf(request));
    },
  );

  app.post(
    '/api/me/portfolio',
    {
      schema: {
        summary: 'Add a piece to my portfolio (signed in)',
        description: `\`fileId\`: a ready upload of mine of purpose portfolio (a photo), attached to the piece as it is made. ${PIECE_RULES} At most ${PORTFOLIO_MAX} pieces (409 beyond). The new piece goes last.`,
        body: portfolioCreateSchema,
        response: { 201: portfolioItemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      return reply.status(201).send(await addPortfolioItem(db, user.id, request.body));
    },
  );

  app.patch(
    '/api/me/portfolio/:itemId',
    {
      schema: {
        summary: "Change a portfolio piece's title or link (its owner)",
        description: `${PIECE_RULES} Another user's piece answers 403.`,
        params: portfolioItemParamsSchema,
        body: portfolioUpdateSchema,
        response: { 200: portfolioItemSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return updatePortfolioItem(db, user.id, request.params.itemId, request.body);
    },
  );

  app.delete(
    '/api/me/portfolio/:itemId',
    {
      schema: {
        summary: 'Remove a piece from my portfolio (its owner)',
        description:
          'Its photo is removed with it: no longer served, its bytes deleted by the sweep. Another user’s piece answers 403.',
        params: portfolioItemParamsSchema,
        response: { 200: deletedSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return { deletedCount: await deletePortfolioItem(db, user.id, request.params.itemId) };
    },
  );

  app.put(
    '/api/me/portfolio/order',
    {
      schema: {
        summary: 'Put my portfolio in order (signed in)',
        description:
          'Lists every piece of mine exactly once (400 otherwise); answers the portfolio.',
        body: portfolioOrderSchema,
        response: { 200: portfolioSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return reorderPortfolio(db, user.id, request.body.ids);
    },
  );
};
