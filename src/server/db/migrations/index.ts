import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './0001-initial.ts';
import * as orderMatchingIndexes from './0002-order-matching-indexes.ts';
import * as marketplaceLoop from './0003-marketplace-loop.ts';
import * as conversations from './0004-conversations.ts';
import * as search from './0005-search.ts';
import * as savedSearchAlerts from './0006-saved-search-alerts.ts';
import * as searchSpeed from './0007-search-speed.ts';
import * as tableChangeCounts from './0008-table-change-counts.ts';
import * as offerDeclineReasons from './0010-offer-decline-reasons.ts';
import * as mailOutbox from './0011-mail-outbox.ts';
import * as trustAndSafety from './0012-trust-and-safety.ts';
import * as ledger from './0013-ledger.ts';
import * as marketIndexes from './0014-market-indexes.ts';
import * as payments from './0015-payments.ts';
import * as searchIndexChanges from './0016-search-index-changes.ts';
import * as taskAnswerChanges from './0017-task-answer-changes.ts';
import * as reportWeight from './0018-report-weight.ts';
import * as files from './0019-files.ts';
import * as fileModeration from './0020-file-moderation.ts';
import * as changeRequests from './0021-change-requests.ts';
import * as deliveries from './0022-deliveries.ts';
import * as portfolio from './0023-portfolio.ts';
import * as invitations from './0024-invitations.ts';
import * as freelancerProfiles from './0025-freelancer-profiles.ts';
import * as freelancerDirectory from './0026-freelancer-directory.ts';
import * as earnedFigures from './0027-earned-figures.ts';
import * as taskSkills from './0028-task-skills.ts';
import * as directoryIndex from './0029-directory-index.ts';
import * as taskMatchJobs from './0030-task-match-jobs.ts';
import * as posterRatings from './0031-poster-ratings.ts';
import * as directoryChanges from './0032-directory-changes.ts';
import * as directoryCards from './0033-directory-cards.ts';
import * as deletedAccountsWords from './0034-deleted-accounts-words.ts';
import * as profileWordsWritten from './0035-profile-words-written.ts';
import * as engineOnlySortIndexes from './0036-engine-only-sort-indexes.ts';

/** Migrations in order, imported rather than read from disk so the bundle and tests agree. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-order-matching-indexes': orderMatchingIndexes,
  '0003-marketplace-loop': marketplaceLoop,
  '0004-conversations': conversations,
  '0005-search': search,
  '0006-saved-search-alerts': savedSearchAlerts,
  '0007-search-speed': searchSpeed,
  '0008-table-change-counts': tableChangeCounts,
  '0010-offer-decline-reasons': offerDeclineReasons,
  '0011-mail-outbox': mailOutbox,
  '0012-trust-and-safety': trustAndSafety,
  '0013-ledger': ledger,
  '0014-market-indexes': marketIndexes,
  '0015-payments': payments,
  '0016-search-index-changes': searchIndexChanges,
  '0017-task-answer-changes': taskAnswerChanges,
  '0018-report-weight': reportWeight,
  '0019-files': files,
  '0020-file-moderation': fileModeration,
  '0021-change-requests': changeRequests,
  '0022-deliveries': deliveries,
  '0023-portfolio': portfolio,
  '0024-invitations': invitations,
  '0025-freelancer-profiles': freelancerProfiles,
  '0026-freelancer-directory': freelancerDirectory,
  '0027-earned-figures': earnedFigures,
  '0028-task-skills': taskSkills,
  '0029-directory-index': directoryIndex,
  '0030-task-match-jobs': taskMatchJobs,
  '0031-poster-ratings': posterRatings,
  '0032-directory-changes': directoryChanges,
  '0033-directory-cards': directoryCards,
  '0034-deleted-accounts-words': deletedAccountsWords,
  '0035-profile-words-written': profileWordsWritten,
  '0036-engine-only-sort-indexes': engineOnlySortIndexes,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
