import {
  taskDeliverySchema,
  type ChangeRequestInput,
  type DisputeInput,
} from '../../../shared/delivery.ts';
import { modifiedSchema } from '../../../shared/tasks.ts';
import { requestAs } from '../../lib/api.ts';
import { apiPaths } from '../../lib/paths.ts';

/** Issue 47's calls: the rounds of changes of a hire, asking for one, disputing the work. */
export const deliveryApi = {
  getDelivery: (taskId: string) =>
    requestAs(taskDeliverySchema, 'GET', apiPaths.taskDelivery(taskId)),
  requestChanges: (taskId: string, input: ChangeRequestInput) =>
    requestAs(modifiedSchema, 'POST', apiPaths.taskTransition(taskId, 'changes'), input),
  disputeDelivery: (taskId: string, input: DisputeInput) =>
    requestAs(modifiedSchema, 'POST', apiPaths.taskTransition(taskId, 'dispute'), input),
};
