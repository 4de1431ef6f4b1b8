import { z } from 'zod';
import type { ReportInput, ReportItemType } from '../../../shared/moderation.ts';
import { requestAs } from '../../lib/api.ts';
import { moderationApiPaths } from './moderation-paths.ts';

// The route answers `{message}`: the thanks for the toast.
const reportSentSchema = z.object({ message: z.string() });

/** Issue 20 "Report": one call, its answer read with its schema. */
export const reportsApi = {
  /** Resolves to the server's thanks; throws its refusal (already reported, own content…). */
  sendReport: async (input: ReportInput) =>
    (await requestAs(reportSentSchema, 'POST', moderationApiPaths.reports, input)).message,
};

/** What a Report control reports (issue 20 "Report"). */
export interface ReportTarget {
  itemType: ReportItemType;
  itemId: string;
  /** Who wrote it (for a profile, the person): they cannot report it, so see no control. */
  authorId: string;
  /** What the button and the dialog name after "Report": "this task", or a person's name. */
  what: string;
}
