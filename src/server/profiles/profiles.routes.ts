import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileSchema, userIdParamsSchema } from '../../shared/profiles.ts';
import { ADMIN_ROLE } from '../auth/auth.ts';
import { optionalUser } from '../auth/session.ts';
import { errors, type TasksRoutesOptions } from '../tasks/tasks.routes.ts';
import { getProfile } from './profiles.service.ts';

/** Public profiles under /api (issue 9): anyone may read them; no email appears. */
export const profilesRoutes: FastifyPluginAsyncZod<TasksRoutesOptions> = async (
  app,
  { auth, db },
) => {
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
      const user = await optionalUser(auth, request);
      const reader = user && { id: user.id, isAdmin: user.role === ADMIN_ROLE };
      return getProfile(db, request.params.id, reader);
    },
  );
};
