import { z } from 'zod';
import {
  portfolioItemSchema,
  portfolioSchema,
  type PortfolioCreate,
  type PortfolioUpdate,
} from '../../../shared/portfolio.ts';
import { deletedSchema } from '../../../shared/tasks.ts';
import { requestAs } from '../../lib/api.ts';

/** Issue 49's portfolio calls, kept out of lib/paths.ts: only the profile pages load them. */
const mine = '/api/me/portfolio';
const piece = (id: string) => `${mine}/${encodeURIComponent(id)}`;

export const portfolioApi = {
  of: (userId: string) =>
    requestAs(portfolioSchema, 'GET', `/api/users/${encodeURIComponent(userId)}/portfolio`),
  add: (body: PortfolioCreate) => requestAs(portfolioItemSchema, 'POST', mine, body),
  update: (id: string, body: PortfolioUpdate) =>
    requestAs(portfolioItemSchema, 'PATCH', piece(id), body),
  remove: (id: string) => requestAs(deletedSchema, 'DELETE', piece(id)),
  order: (ids: string[]) =>
    requestAs(z.array(portfolioItemSchema), 'PUT', `${mine}/order`, { ids }),
};
