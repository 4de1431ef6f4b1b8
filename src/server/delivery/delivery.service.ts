import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  DELIVERY_MESSAGES,
  type DeliverInput,
  type Delivery,
  type TaskDelivery,
} from '../../shared/delivery.ts';
import { FILE_CAPS } from '../../shared/files.ts';
import { stateRefusal, TASK_FIELD_MESSAGES } from '../../shared/tasks.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import type { LinkSigner } from '../files/file-links.ts';
import { filesOfItems, setItemFiles } from '../files/files.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { openDispute } from '../payments/disputes.ts';
import { heldPaymentOf } from '../payments/escrow.ts';
import {
  assertTaskAction,
  readTaskFacts,
  transitionTask,
  type StoredTaskFacts,
} from '../tasks/task-status.ts';
import {
  countChangeRequests,
  insertChangeRequest,
  insertDelivery,
  listChangeRequests,
  listDeliveries,
  type Hire,
} from './delivery.store.ts';

/**
 * Issue 47: the poster's answers to delivered work besides confirming it. Asking for changes
 * takes the delivery back (the task stays assigned to the same freelancer, who delivers again,
 * and the auto-complete clock starts again from that delivery); a hire has CHANGE_ROUNDS_MAX
 * rounds. A dispute is its own step: it holds the money for an admin (payments/disputes.ts).
 */

type Db = Kysely<Database>;

/** The task's current hire, whose rounds count (not those of an earlier hire of the same offer). */
function hireOf(task: StoredTaskFacts): Hire | undefined {
  if (task.acceptedOfferId === null) return undefined;
  // A hire from before assigned_at was recorded: all its offer's rounds are its own.
  return { offerId: task.acceptedOfferId, assignedAt: task.assignedAt ?? '' };
}

export async function requestChanges(
  db: Db,
  taskId: string,
  posterId: string,
  note: string,
  roundsMax: number,
): Promise<number> {
  const task = await assertTaskAction(db, taskId, 'requestChanges', posterId);
  const hire = hireOf(task) ?? { offerId: '', assignedAt: '' };
  const deliveredAt = task.deliveredAt ?? '';
  return db.transaction().execute(async (trx) => {
    const at = new Date().toISOString();
    await transitionTask(
      trx,
      taskId,
      'requestChanges',
      posterId,
      () => ({ delivered_at: null, updated_at: at }),
      {
        // The delivery read above, of the same hire: not one made since.
        unchanged: (eb) =>
          eb.and([
            eb('tasks.accepted_offer_id', '=', hire.offerId),
            eb('tasks.delivered_at', '=', deliveredAt),
          ]),
      },
    );
    // Counted under the task's row lock, which every round takes first: no two pass the limit.
    if ((await countChangeRequests(trx, hire)) >= roundsMax) {
      const isPaid = (await heldPaymentOf(trx, taskId)) !== undefined;
      throw new AppError('conflict', DELIVERY_MESSAGES.roundsUsed(roundsMax, isPaid));
    }
    await insertChangeRequest(trx, {
      id: crypto.randomUUID(),
      task_id: taskId,
      offer_id: hire.offerId,
      note,
      delivered_at: deliveredAt,
      created_at: at,
    });
    await notify(trx, [
      {
        type: 'changes_requested',
        task,
        actorId: posterId,
        recipients: [task.assigneeId],
        reason: note,
      },
    ]);
    return 1;
  });
}

/**
 * Whether the hire's work was delivered, now or before a round of changes took it back: work
 * sent back is still work delivered, so its money is no more the poster's to take back alone
 * than before the round (the poster's reopen of it is a dispute too: offers.service.ts).
 */
export async function hasDelivered(db: Db, task: StoredTaskFacts): Promise<boolean> {
  if (task.deliveredAt !== null) return true;
  const hire = hireOf(task);
  return hire !== undefined && (await countChangeRequests(db, hire)) > 0;
}

/**
 * The poster disputes delivered work: only where money is held, since without it there is
 * nothing for an admin to decide (ending the assignment is what remains: POST …/reopen).
 */
export async function disputeDelivery(
  db: Db,
  taskId: string,
  posterId: string,
  reason: string,
): Promise<number> {
  const task = await assertTaskAction(db, taskId, 'dispute', posterId);
  if (!(await hasDelivered(db, task))) {
    throw new AppError('conflict', stateRefusal('dispute', 'undelivered', task.status).message);
  }
  if (!(await heldPaymentOf(db, taskId))) {
    throw new AppError('conflict', DELIVERY_MESSAGES.nothingHeld);
  }
  await db
    .transaction()
    .execute((trx) => openDispute(trx, task, task.acceptedOfferId ?? '', reason));
  return 1;
}

/**
 * Issue 49: "Mark as delivered" as a row with its note and files, in the transaction of the
 * task's change (offers.service.ts deliverTask) after the task's row is locked and the action
 * allowed: the files are the freelancer's ready uploads for deliveries (setItemFiles), and any
 * refusal of them rolls the whole delivery back.
 */
export async function recordDelivery(
  trx: Db,
  task: StoredTaskFacts,
  freelancerId: string,
  input: DeliverInput,
  at: string,
): Promise<string> {
  const id = crypto.randomUUID();
  await insertDelivery(trx, {
    id,
    task_id: task.id,
    offer_id: task.acceptedOfferId ?? '',
    freelancer_id: freelancerId,
    note: input.note || null,
    created_at: at,
  });
  await setItemFiles(
    trx,
    {
      ownerId: freelancerId,
      purpose: 'delivery',
      item: { type: 'delivery', id },
      groups: [{ ids: input.fileIds, max: FILE_CAPS.delivery, what: 'files' }],
    },
    at,
  );
  return id;
}

/** The hire's deliveries with their files, each private one with a link for `readerId`. */
async function deliveriesOf(
  db: Db,
  taskId: string,
  hire: Hire | undefined,
  reader: { links: LinkSigner; id: string },
): Promise<Delivery[]> {
  if (!hire) return [];
  const rows = await listDeliveries(db, taskId, hire);
  const files = await filesOfItems(
    db,
    'delivery',
    rows.map((row) => row.id),
    reader,
  );
  return rows.map((row) => {
    const attached = files.get(row.id);
    return {
      _id: row.id,
      note: row.note,
      createdAt: row.created_at,
      files: attached ? [...attached.photos, ...attached.files] : [],
    };
  });
}

/** The current hire's rounds of changes and deliveries, for its two parties. */
export async function readDelivery(
  db: Db,
  taskId: string,
  userId: string,
  roundsMax: number,
  links: LinkSigner,
): Promise<TaskDelivery> {
  const task = await readTaskFacts(db, taskId);
  if (!task) throw new AppError('not_found', TASK_FIELD_MESSAGES.taskNotFound);
  if (task.userId !== userId && task.assigneeId !== userId) {
    throw new AppError('forbidden', DELIVERY_MESSAGES.notParty);
  }
  const hire = hireOf(task);
  const [rows, payment, isDelivered, deliveries] = await Promise.all([
    hire ? listChangeRequests(db, hire) : [],
    heldPaymentOf(db, taskId),
    hasDelivered(db, task),
    deliveriesOf(db, taskId, hire, { links, id: userId }),
  ]);
  // Each round was answered by the delivery the next one sent back, the last by the task's own.
  const rounds = rows.map((row, index) => ({
    _id: row.id,
    note: row.note,
    deliveredAt: row.delivered_at,
    requestedAt: row.created_at,
    redeliveredAt: rows[index + 1]?.delivered_at ?? task.deliveredAt,
  }));
  return {
    deliveries,
    rounds,
    roundsMax,
    roundsLeft: Math.max(0, roundsMax - rows.length),
    isPaymentHeld: payment !== undefined,
    hasDelivered: isDelivered,
    isDisputed: task.disputedAt !== null,
  };
}
