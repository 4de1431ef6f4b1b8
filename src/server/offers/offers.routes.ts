import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  myOfferSchema,
  offerIdParamsSchema,
  offerInputSchema,
  offerSchema,
  reopenAnswerSchema,
  reopenInputSchema,
} from '../../shared/offers.ts';
import { deliverInputSchema } from '../../shared/delivery.ts';
import { insertedSchema, modifiedSchema, taskIdParamsSchema } from '../../shared/tasks.ts';
import { requireUser, requireWriter } from '../auth/session.ts';
import { assertNewAccountAllowance } from '../moderation/guard-rails.ts';
import { errors, type TasksRoutesOptions } from '../tasks/tasks.routes.ts';
import { checkoutPath } from '../../shared/links.ts';
import {
  PAYMENT_MESSAGES,
  paymentRequiredSchema,
  type PaymentMode,
} from '../../shared/payments.ts';
import { AppError } from '../errors.ts';
import {
  acceptOffer,
  assertCanHire,
  completeTask,
  declineOffer,
  deliverTask,
  editOffer,
  listMyOffers,
  listOffers,
  makeOffer,
  reopenTask,
  withdrawOffer,
} from './offers.service.ts';

/** Offers and hiring under /api (issue 9). Handlers validate, call the service, shape the answer. */
export const offersRoutes: FastifyPluginAsyncZod<
  TasksRoutesOptions & { payments: PaymentMode }
> = async (app, { auth, db, payments }) => {
  const modified = { 200: modifiedSchema, ...errors };

  app.post(
    '/api/tasks/:id/offers',
    {
      schema: {
        summary: 'Make an offer on a task (signed in, not its poster; open, unexpired tasks)',
        description:
          'One offer per freelancer per task; a withdrawn one may be made again. Raises bidsCount by one.',
        params: taskIdParamsSchema,
        body: offerInputSchema,
        response: { 201: insertedSchema, ...errors, 429: errors[400] },
      },
    },
    async (request, reply) => {
      const user = await requireWriter(auth, request);
      await assertNewAccountAllowance(db, user.id, 'offer', auth.newAccountLimits);
      const insertedId = await makeOffer(db, request.params.id, user.id, request.body);
      return reply.status(201).send({ insertedId });
    },
  );

  app.get(
    '/api/tasks/:id/offers',
    {
      schema: {
        summary: "A task's offers (signed in)",
        description:
          "The poster gets every offer; anyone else only their own. Nobody else sees an offer's price or message.",
        params: taskIdParamsSchema,
        response: { 200: z.array(offerSchema), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return listOffers(db, request.params.id, user.id);
    },
  );

  app.get(
    '/api/me/offers',
    {
      schema: {
        summary: 'My offers (signed in), each with its task',
        response: { 200: z.array(myOfferSchema), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return listMyOffers(db, user.id);
    },
  );

  app.put(
    '/api/offers/:id',
    {
      schema: {
        summary: 'Change my pending offer (its author)',
        description: '`modifiedCount` 0 when nothing changed.',
        params: offerIdParamsSchema,
        body: offerInputSchema,
        response: modified,
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return { modifiedCount: await editOffer(db, request.params.id, user.id, request.body) };
    },
  );

  // The writes without a body: an offer's or a task's id, the signed-in user, one change.
  const actions = [
    [
      '/api/offers/:id/withdraw',
      'Withdraw my pending offer (its author); bidsCount goes down by one',
      withdrawOffer,
    ],
    ['/api/offers/:id/decline', "Decline a pending offer (the task's poster)", declineOffer],
    [
      '/api/tasks/:id/complete',
      'Confirm an assigned task completed, delivered or not (its poster); delivered tasks complete on their own after AUTO_COMPLETE_DAYS',
      completeTask,
    ],
  ] as const;
  for (const [url, summary, act] of actions) {
    app.post(
      url,
      { schema: { summary, params: offerIdParamsSchema, response: modified } },
      async (request) => {
        const user = await requireUser(auth, request);
        return { modifiedCount: await act(db, request.params.id, user.id) };
      },
    );
  }

  app.post(
    '/api/tasks/:id/deliver',
    {
      schema: {
        summary: 'Mark an assigned task delivered (its hired freelancer)',
        description:
          "Issue 49: the body is optional (without one, the spec's call): a `note` (at most 2,000 characters) and `fileIds`, at most 5 of the freelancer's ready uploads of purpose `delivery` (photos or documents). Each delivery is kept with them; the poster and the freelancer read them in GET /api/tasks/{id}/delivery, and only they may open the files (an admin only while deciding a dispute of the task). A refused file or note changes nothing: the task stays undelivered.",
        params: taskIdParamsSchema,
        body: deliverInputSchema,
        response: modified,
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return {
        modifiedCount: await deliverTask(db, request.params.id, user.id, request.body ?? {}),
      };
    },
  );

  app.post(
    '/api/offers/:id/accept',
    {
      schema: {
        summary:
          "Accept a pending offer (the task's poster): assigns the task at its price and declines the other pending offers",
        description:
          'With payments on (PAYMENTS test or stripe) nothing is hired unpaid: the answer is 402 with `checkout`, the page where the poster pays, and `checkoutApi` (GET the amounts, POST `…/pay`).',
        params: offerIdParamsSchema,
        response: { ...modified, 402: paymentRequiredSchema },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      const id = request.params.id;
      if (payments === 'off') return { modifiedCount: await acceptOffer(db, id, user.id) };
      // Refused first for what would refuse the hire itself (404, 403, 409).
      await assertCanHire(db, id, user.id);
      throw new AppError('payment_required', PAYMENT_MESSAGES.payToHire, {
        checkout: checkoutPath(id),
        checkoutApi: `/api/offers/${encodeURIComponent(id)}/checkout`,
      });
    },
  );

  app.post(
    '/api/tasks/:id/reopen',
    {
      schema: {
        summary: 'End the assignment with a reason (poster or hired freelancer, while assigned)',
        description:
          'The task is open again, the accepted offer released, and who ended it and why recorded. Issue 21: with its money held, the poster reopening delivered work opens a dispute instead (`disputed: true`): the task stays assigned and its money held until an admin decides. Issue 47: POST …/dispute is that step on its own, and POST …/changes sends delivered work back to the same freelancer.',
        params: taskIdParamsSchema,
        body: reopenInputSchema,
        response: { ...modified, 200: reopenAnswerSchema },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      const outcome = await reopenTask(db, request.params.id, user.id, request.body.reason);
      return outcome === 'disputed'
        ? { modifiedCount: 1, disputed: true as const }
        : { modifiedCount: 1 };
    },
  );
};
