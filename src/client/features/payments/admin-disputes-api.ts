import { z } from 'zod';
import {
  adminDisputeSchema,
  type AdminDispute,
  type ResolveDisputeInput,
} from '../../../shared/payments.ts';
import { requestAs } from '../../lib/api.ts';
import { paymentsApiPaths } from './payments-paths.ts';

export type { AdminDispute };
export type DisputeListStatus = 'open' | 'resolved';

const okSchema = z.object({ ok: z.literal(true) });

/** Issue 21: the operators' disputes queue (admins only). */
export const adminDisputesApi = {
  listDisputes: (status: DisputeListStatus) =>
    requestAs(z.array(adminDisputeSchema), 'GET', paymentsApiPaths.adminDisputes(status)),
  resolveDispute: (disputeId: string, input: ResolveDisputeInput) =>
    requestAs(okSchema, 'POST', paymentsApiPaths.adminResolve(disputeId), input),
};
