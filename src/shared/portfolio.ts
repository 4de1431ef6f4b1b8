import { z } from 'zod';
import { FILE_CAPS, fileViewSchema } from './files.ts';

/**
 * Issue 49: a freelancer's portfolio on the public profile: up to 12 photos (uploads of purpose
 * `portfolio`), each with a title and, if they like, a link to the work (https only).
 */

export const PORTFOLIO_MAX = FILE_CAPS.portfolio;
export const PORTFOLIO_TITLE_MAX_LENGTH = 80;
export const PORTFOLIO_LINK_MAX_LENGTH = 500;

export const PORTFOLIO_MESSAGES = {
  titleRequired: 'Please give the piece a title.',
  titleTooLong: `A title must be at most ${PORTFOLIO_TITLE_MAX_LENGTH} characters.`,
  linkInvalid: 'The link must be a full https:// address.',
  linkTooLong: `A link must be at most ${PORTFOLIO_LINK_MAX_LENGTH} characters.`,
  fileRequired: 'Please upload a photo of the piece.',
  full: `A portfolio holds at most ${PORTFOLIO_MAX} pieces. Please remove one first.`,
  notFound: 'No such portfolio piece.',
  notOwner: 'Only its owner can change a portfolio piece.',
  orderInvalid: 'Please list each of your portfolio pieces exactly once.',
  nothingToChange: 'Please give a new title or link.',
} as const;

const M = PORTFOLIO_MESSAGES;

const title = z
  .string({ error: M.titleRequired })
  .trim()
  .min(1, M.titleRequired)
  .max(PORTFOLIO_TITLE_MAX_LENGTH, M.titleTooLong);

/** A full https address, or nothing ('' or null clears it). */
const link = z
  .string({ error: M.linkInvalid })
  .trim()
  .max(PORTFOLIO_LINK_MAX_LENGTH, M.linkTooLong)
  .refine((value) => value === '' || isHttpsUrl(value), M.linkInvalid)
  .nullable()
  .transform((value) => (value ? value : null))
  .describe('A full https:// address of the work, shown with rel="nofollow ugc noopener"');

export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username;
  } catch {
    return false;
  }
}

/** POST /api/me/portfolio. */
export const portfolioCreateSchema = z.object({
  fileId: z
    .string({ error: M.fileRequired })
    .min(1, M.fileRequired)
    .max(64, M.fileRequired)
    .describe('A ready upload of purpose portfolio (a photo)'),
  title,
  link: link.optional(),
});
export type PortfolioCreate = z.input<typeof portfolioCreateSchema>;

/** PATCH /api/me/portfolio/{itemId}: what is given changes. */
export const portfolioUpdateSchema = z
  .object({ title: title.optional(), link: link.optional() })
  .refine((body) => body.title !== undefined || body.link !== undefined, M.nothingToChange);
export type PortfolioUpdate = z.input<typeof portfolioUpdateSchema>;

/** PUT /api/me/portfolio/order. */
export const portfolioOrderSchema = z.object({
  ids: z
    .array(z.string().min(1).max(64), { error: M.orderInvalid })
    .max(PORTFOLIO_MAX, M.orderInvalid)
    .refine((ids) => new Set(ids).size === ids.length, M.orderInvalid)
    .describe('Every piece of the portfolio, once each, in the order wanted'),
});

export const portfolioItemParamsSchema = z.object({ itemId: z.string().min(1).max(64) });

export const portfolioItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  link: z.string().nullable(),
  position: z.number().int(),
  createdAt: z.string(),
  photo: fileViewSchema.describe('Public: its variants under /files/'),
});
export type PortfolioItem = z.infer<typeof portfolioItemSchema>;

export const portfolioSchema = z.array(portfolioItemSchema).describe('In the owner’s order');
