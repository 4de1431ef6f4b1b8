/**
 * A task's status and what each party may do in each (issue 9): the one place these rules live.
 * The server builds its conditional SQL updates from this table and explains a refusal with it;
 * the web app reads it to say why an action is not offered. Free of zod, like task-rules.ts.
 * docs/decisions/009-task-status-transitions.md says why it is a table.
 */
import { TASK_FIELD_MESSAGES } from './task-field-messages.ts';

export const TASK_STATUSES = ['open', 'assigned', 'completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** What can be done to a task; the ones with `to` move it to another status. */
export type TaskAction =
  | 'counterBid'
  | 'offer'
  | 'edit'
  | 'delete'
  | 'accept'
  | 'decline'
  | 'deliver'
  | 'complete'
  | 'reopen'
  | 'requestChanges'
  | 'dispute'
  | 'review';

/**
 * Who may act: anyone signed in, anyone but the poster, the poster, the assignee (the hired
 * freelancer), or either of the last two (the parties).
 */
export type TaskActor = 'anyone' | 'notPoster' | 'poster' | 'assignee' | 'party';

/**
 * Why an action is refused in a state that is not its own; `expired` refines `open`, and
 * `delivered` and `undelivered` refine `assigned`.
 */
export type RefusedState = TaskStatus | 'expired' | 'delivered' | 'undelivered';
type StateMessages = Partial<Record<RefusedState, string>>;

export interface TaskActionRule {
  actor: TaskActor;
  /** The statuses the action is allowed in. */
  from: readonly TaskStatus[];
  /** The status the action moves the task to, when it moves it. */
  to?: TaskStatus;
  /** Refused once the deadline day has passed (UTC). */
  notExpired?: boolean;
  /** Refused once the assignee has marked the work delivered. */
  notDelivered?: boolean;
  /** Refused until the assignee has marked the work delivered (issue 47: the poster's answers to a delivery). */
  isDelivered?: boolean;
  /** The 403 message for anyone not allowed to act (none when anyone may). */
  notActor?: string;
  /** The 409 messages for the states that refuse it. */
  refused: StateMessages;
}

export const TASK_STATUS_MESSAGES = {
  changedMeanwhile: 'This task changed in the meantime. Reload it and try again.',
  notAllowed: 'You cannot do that to this task.',
} as const;

const takesNothing = (what: string): StateMessages => ({
  assigned: `This task has been assigned and takes no more ${what}.`,
  completed: `This task is completed and takes no more ${what}.`,
  expired: `This task's deadline has passed, so it takes no more ${what}.`,
});

export const TASK_ACTIONS: Readonly<Record<TaskAction, TaskActionRule>> = {
  counterBid: {
    actor: 'anyone',
    from: ['open'],
    notExpired: true,
    refused: takesNothing('bids'),
  },
  offer: {
    actor: 'notPoster',
    from: ['open'],
    notExpired: true,
    notActor: 'You cannot make an offer on your own task.',
    refused: takesNothing('offers'),
  },
  edit: {
    actor: 'poster',
    from: ['open'],
    notActor: TASK_FIELD_MESSAGES.notYourTask,
    refused: {
      assigned: 'An assigned task cannot be edited. Reopen it first.',
      completed: 'A completed task cannot be edited.',
    },
  },
  delete: {
    actor: 'poster',
    from: ['open'],
    notActor: TASK_FIELD_MESSAGES.notYourTask,
    refused: {
      assigned: 'An assigned task cannot be deleted. Reopen it first.',
      completed: 'A completed task cannot be deleted.',
    },
  },
  accept: {
    actor: 'poster',
    from: ['open'],
    to: 'assigned',
    // A hire on a passed deadline would make the task overdue the moment it is assigned: the
    // poster moves the deadline first (issue 17, decision 022).
    notExpired: true,
    notActor: "Only the task's poster can accept or decline its offers.",
    refused: {
      assigned: 'This task is already assigned.',
      completed: 'This task is already completed.',
      expired: "This task's deadline has passed. Move the deadline to a later day before you hire.",
    },
  },
  decline: {
    actor: 'poster',
    from: ['open'],
    notActor: "Only the task's poster can accept or decline its offers.",
    refused: {
      assigned: 'This task is already assigned.',
      completed: 'This task is already completed.',
    },
  },
  deliver: {
    actor: 'assignee',
    from: ['assigned'],
    notDelivered: true,
    notActor: 'Only the freelancer hired for this task can mark it delivered.',
    refused: {
      open: 'Only an assigned task can be marked delivered.',
      completed: 'This task is already completed.',
      delivered: 'This task is already marked delivered.',
    },
  },
  complete: {
    actor: 'poster',
    from: ['assigned'],
    to: 'completed',
    notActor: "Only the task's poster can confirm that it is completed.",
    refused: {
      open: 'Only an assigned task can be completed.',
      completed: 'This task is already completed.',
    },
  },
  reopen: {
    actor: 'party',
    from: ['assigned'],
    to: 'open',
    notActor: "Only the task's poster or its hired freelancer can end the assignment.",
    refused: {
      open: 'Only an assigned task can be reopened.',
      completed: 'A completed task cannot be reopened.',
    },
  },
  // Issue 47: the poster's two answers to delivered work besides confirming it. Asking for
  // changes sends the work back to the same freelancer; a dispute holds the money for an admin.
  requestChanges: {
    actor: 'poster',
    from: ['assigned'],
    isDelivered: true,
    notActor: "Only the task's poster can ask for changes.",
    refused: {
      open: 'Only delivered work can be sent back for changes.',
      completed: 'This task is already completed.',
      undelivered: 'Changes can be asked for once the freelancer marks the work delivered.',
    },
  },
  // Work sent back for changes stays disputable while the freelancer works on it: the service
  // reads the rounds (delivery.service.ts hasDelivered), which these facts do not hold.
  dispute: {
    actor: 'poster',
    from: ['assigned'],
    notActor: "Only the task's poster can dispute the delivered work.",
    refused: {
      open: 'Only delivered work can be disputed.',
      completed: 'This task is already completed.',
      undelivered: 'Work can be disputed once the freelancer has delivered it.',
    },
  },
  review: {
    actor: 'party',
    from: ['completed'],
    notActor: "Only the task's poster and its hired freelancer can review each other.",
    refused: {
      open: 'Reviews open once the task is completed.',
      assigned: 'Reviews open once the task is completed.',
    },
  },
};

/** What the rules read of a task. */
export interface TaskFacts {
  status: TaskStatus;
  /** The poster. */
  userId: string;
  assigneeId: string | null;
  /** YYYY-MM-DD */
  deadline: string;
  deliveredAt: string | null;
}

export interface TaskRefusal {
  status: 403 | 409;
  message: string;
}

const DAY_MS = 86_400_000;
/** The last day todayUtc wrote, and where it begins (ms since the epoch). */
let lastDay = { startMs: Number.NaN, day: '' };

/**
 * Today's date in UTC, YYYY-MM-DD: the day deadlines are compared with. Every task answer asks
 * it (1.6 % of the event loop under the PostgreSQL mix, decision 006): the day is written
 * once, and again only for an instant outside it.
 */
export function todayUtc(now: Date = new Date()): string {
  const ms = now.getTime();
  if (!(ms >= lastDay.startMs && ms < lastDay.startMs + DAY_MS)) {
    const startMs = Math.floor(ms / DAY_MS) * DAY_MS;
    lastDay = { startMs, day: new Date(startMs).toISOString().slice(0, 10) };
  }
  return lastDay.day;
}

/** Open, and its deadline day has passed (UTC): takes no offers and no bids. */
export function isExpired(task: Pick<TaskFacts, 'status' | 'deadline'>, today = todayUtc()) {
  return task.status === 'open' && task.deadline < today;
}

/** True when the user is one the action allows. */
export function isActor(actor: TaskActor, task: TaskFacts, userId: string): boolean {
  switch (actor) {
    case 'anyone':
      return true;
    case 'notPoster':
      return task.userId !== userId;
    case 'poster':
      return task.userId === userId;
    case 'assignee':
      return task.assigneeId === userId;
    case 'party':
      return task.userId === userId || task.assigneeId === userId;
  }
}

/**
 * The 409 for `action` refused in `state` (the task's `status`): where its messages are read,
 * also by a service whose rule reads more than these facts (delivery.service.ts's dispute).
 */
export function stateRefusal(
  action: TaskAction,
  state: RefusedState,
  status: TaskStatus,
): TaskRefusal {
  return {
    status: 409,
    message: TASK_ACTIONS[action].refused[state] ?? `This task is ${status}.`,
  };
}

/**
 * Why `userId` may not do `action` to the task now (who first, then the state), or null when
 * the rules allow it.
 */
export function taskActionRefusal(
  action: TaskAction,
  task: TaskFacts,
  userId: string,
  today = todayUtc(),
): TaskRefusal | null {
  const rule = TASK_ACTIONS[action];
  if (!isActor(rule.actor, task, userId)) {
    return { status: 403, message: rule.notActor ?? TASK_STATUS_MESSAGES.notAllowed };
  }
  const conflict = (state: RefusedState) => stateRefusal(action, state, task.status);
  if (!rule.from.includes(task.status)) return conflict(task.status);
  if (rule.notExpired && isExpired(task, today)) return conflict('expired');
  if (rule.notDelivered && task.deliveredAt !== null) return conflict('delivered');
  if (rule.isDelivered && task.deliveredAt === null) return conflict('undelivered');
  return null;
}
