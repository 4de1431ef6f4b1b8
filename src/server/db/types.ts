import type { FileKind, FilePurpose } from '../../shared/files.ts';
import type { InvitationStatus } from '../../shared/invitations.ts';
import type { RateUnit } from '../../shared/freelancer-profiles.ts';
import type { MailKind, MailMode } from '../../shared/mail-preferences.ts';
import type { ReportItemType, ReportUncountedBecause } from '../../shared/moderation.ts';
import type { ColumnType, Generated } from 'kysely';
import type { NotificationType } from '../../shared/notifications.ts';
import type { OfferDeclinedBecause, OfferStatus } from '../../shared/offers.ts';
import type { SearchSort, SearchStatus } from '../../shared/search-rules.ts';
import type { TaskStatus } from '../../shared/task-status.ts';

/** Better Auth's user table (its default names); we read it to show a task's poster. */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: ColumnType<boolean | number, boolean, boolean>;
  image: string | null;
  createdAt: ColumnType<Date | string, Date | string, Date | string>;
  updatedAt: ColumnType<Date | string, Date | string, Date | string>;
  /** Issue 20, Better Auth's admin plugin: 'user' or 'admin' (none reads as 'user'). */
  role: ColumnType<string | null, string | null | undefined, string | null>;
  banned: ColumnType<boolean | number | null, boolean | undefined, boolean | null>;
  banReason: ColumnType<string | null, string | null | undefined, string | null>;
  /** A suspension's end; none with `banned` is a ban for good. */
  banExpires: ColumnType<
    Date | string | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  /** Issue 20: 'hidden' by reports or 'removed' by an admin; null for everyone to see. */
  moderation: ColumnType<string | null, string | null | undefined, string | null>;
  moderation_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Migration 0031: the user's public reviews (as their profile's rating), kept for the task
   * answers that show their poster's rating: the sum of the stars and how many.
   */
  rating_sum: ColumnType<number, number | undefined, number>;
  rating_count: ColumnType<number, number | undefined, number>;
}

/** Better Auth's session table: the columns we read (an open event stream's session). */
export interface SessionTable {
  id: string;
  token: string;
  userId: string;
  createdAt: ColumnType<Date | string, Date | string, Date | string>;
  /** Moved on by Better Auth as the session is used (at most daily): the last activity. */
  updatedAt: ColumnType<Date | string, Date | string, Date | string>;
}

/** Better Auth's account table: one row per sign-in method of a user. */
export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  /** A hash, for email and password accounts only. */
  password: string | null;
}

export interface TaskTable {
  id: string;
  title: string;
  category: string;
  description: string;
  /** YYYY-MM-DD: sorts as text on both engines. */
  deadline: string;
  /** Whole cents, so money never meets floating point in SQL. */
  budget_cents: number;
  /** The source of bidsCount; changed only by `bids_count + 1` in SQL. */
  bids_count: Generated<number>;
  user_id: string;
  /** ISO-8601 UTC with milliseconds: sorts as text on both engines. */
  created_at: string;
  updated_at: string;
  /** open → assigned → completed (src/shared/task-status.ts). */
  status: ColumnType<TaskStatus, TaskStatus | undefined, TaskStatus>;
  /** The hired freelancer, from acceptance on. */
  assignee_id: ColumnType<string | null, string | null | undefined, string | null>;
  accepted_offer_id: ColumnType<string | null, string | null | undefined, string | null>;
  assigned_at: ColumnType<string | null, string | null | undefined, string | null>;
  delivered_at: ColumnType<string | null, string | null | undefined, string | null>;
  completed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The order tasks were posted in, set by the database on insert (migration 0005). */
  seq: ColumnType<number, never, never>;
  /** Issue 20: 'hidden' by reports or 'removed' by an admin; null for everyone to see. */
  moderation: ColumnType<string | null, string | null | undefined, string | null>;
  moderation_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 21: the poster disputes the delivered work; only an admin's decision moves it on. */
  disputed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 49 (migration 0019): the first photo's sha-256 and placeholder, and the file count. */
  photo_key: ColumnType<string | null, string | null | undefined, string | null>;
  photo_placeholder: ColumnType<string | null, string | null | undefined, string | null>;
  file_count: ColumnType<number, number | undefined, number>;
  /** Issue 50 (migration 0028): its skills as written, JSON text; null: none. */
  skills: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BidTable {
  id: string;
  task_id: string;
  bidder_id: string;
  created_at: string;
}

export interface OfferTable {
  id: string;
  task_id: string;
  bidder_id: string;
  amount_cents: number;
  message: string;
  status: OfferStatus;
  /** Why a declined offer was (migration 0010): by the poster, or another was hired. */
  declined_because: Generated<OfferDeclinedBecause | null>;
  created_at: string;
  updated_at: string;
}

/** An assignment ended before completion (POST /tasks/:id/reopen). */
export interface TaskReopeningTable {
  id: string;
  task_id: string;
  offer_id: string;
  assignee_id: string;
  ended_by_id: string;
  reason: string;
  created_at: string;
}

/** Issue 50: a poster's invitation to a freelancer to make an offer (migration 0024). */
export interface InvitationTable {
  id: string;
  task_id: string;
  poster_id: string;
  freelancer_id: string;
  note: string | null;
  status: InvitationStatus;
  decline_reason: string | null;
  created_at: string;
  answered_at: string | null;
}

/** Issue 50: a freelancer's own profile (migration 0025); lists as JSON text. */
export interface FreelancerProfileTable {
  user_id: string;
  headline: string | null;
  about: string | null;
  skills: string;
  rate_cents: number | null;
  rate_unit: RateUnit | null;
  languages: string;
  time_zone: string | null;
  links: string;
  /** 0 or 1 on SQLite, as on PostgreSQL (an integer column). */
  available: number;
  updated_at: string;
  /** Issue 50 (migration 0028): 1 when they asked to be told of tasks that fit their skills. */
  match_alerts: ColumnType<number, number | undefined, number>;
  /**
   * Issue 50 (migration 0029, profiles/directory-entries.ts): the earned figures the directory
   * sorts and filters on, as of `figures_at` ('' never computed; a time a thousand years back
   * when a write marked them due for the sweep). The average is rounded to 2 decimals as shown,
   * 0 without public reviews; response_minutes is RESPONSE_MINUTES_UNKNOWN without a reply.
   */
  rating_average: ColumnType<number, number | undefined, number>;
  rating_count: ColumnType<number, number | undefined, number>;
  jobs_completed: ColumnType<number, number | undefined, number>;
  response_minutes: ColumnType<number, number | undefined, number>;
  figures_at: ColumnType<string, string | undefined, string>;
  /**
   * Migration 0035: 1 when `freelancer_words` holds the words of the text as it is, 0 when a
   * save left them for the engine's search to write (profiles/directory-entries.ts writeLeftProfileWords).
   */
  words_written: ColumnType<number, number | undefined, number>;
}

/** Issue 50 (migration 0029): each readable word of a profile, for the directory's words. */
export interface FreelancerWordTable {
  /** Lower-cased, accents removed; compared in byte order on both engines. */
  word: string;
  user_id: string;
  /** Headline 3, skills 2, about 1, summed over where the word is. */
  weight: number;
}

/** Issue 50: each of a freelancer's skills by its key (skillKey), for lookups by skill. */
export interface FreelancerSkillTable {
  user_id: string;
  skill_key: string;
}

/** Issue 47: a poster's request for changes to delivered work (migration 0021). */
export interface ChangeRequestTable {
  id: string;
  task_id: string;
  /** The assignment (accepted offer) the round belongs to. */
  offer_id: string;
  note: string;
  /** The delivery the request sent back. */
  delivered_at: string;
  created_at: string;
}

/** Issue 49: one "Mark as delivered", its note and (attached to it) its files (migration 0022). */
export interface DeliveryTable {
  id: string;
  task_id: string;
  /** The assignment (accepted offer) it delivered for. */
  offer_id: string;
  freelancer_id: string;
  note: string | null;
  created_at: string;
}

export type FileStatus = 'pending' | 'ready' | 'attached' | 'removed';
export type FileAttachedType = 'task' | 'message' | 'delivery' | 'portfolio' | 'profile';

/** Issue 49: an uploaded file (migration 0019, docs/files.md). */
export interface FileTable {
  id: string;
  owner_id: string;
  /** Null while pending: the bytes decide on completion. */
  kind: FileKind | null;
  purpose: FilePurpose;
  /** Sniffed from the bytes; null while pending. */
  mime: string | null;
  /** Declared while pending, then the stored bytes' count. */
  size_bytes: number;
  original_name: string;
  /** The stored bytes (pending, documents), or an image's sha-256, which names its variants. */
  storage_key: string;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  status: FileStatus;
  attached_type: FileAttachedType | null;
  attached_id: string | null;
  /** Order among the item's files. */
  position: Generated<number>;
  created_at: string;
  attached_at: string | null;
  removed_at: string | null;
  /** When a removed file's bytes were deleted (the sweep). */
  purged_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0020: null, 'hidden' by reports or 'removed' by an admin, and the admin's reason. */
  moderation: ColumnType<string | null, string | null | undefined, string | null>;
  moderation_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ReviewTable {
  id: string;
  task_id: string;
  reviewer_id: string;
  reviewee_id: string;
  reviewee_role: 'freelancer' | 'client';
  rating: number;
  comment: string | null;
  created_at: string;
  /** Completion + 14 days: public from then on even if the other review never comes. */
  public_at: string;
  /** When it became public and its reviewee was told (issue 10); null while blind. */
  published_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 20: 'hidden' by reports or 'removed' by an admin; null for everyone to see. */
  moderation: ColumnType<string | null, string | null | undefined, string | null>;
  moderation_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A public question on a task (issue 10). Texts are stored as written, masked when read. */
export interface QuestionTable {
  id: string;
  task_id: string;
  asker_id: string;
  text: string;
  created_at: string;
  /** Issue 20: 'hidden' by reports or 'removed' by an admin; null for everyone to see. */
  moderation: ColumnType<string | null, string | null | undefined, string | null>;
  moderation_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface QuestionReplyTable {
  id: string;
  question_id: string;
  author_id: string;
  text: string;
  created_at: string;
  /** Issue 20: 'hidden' by reports or 'removed' by an admin; null for everyone to see. */
  moderation: ColumnType<string | null, string | null | undefined, string | null>;
  moderation_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A private message in an offer's conversation (between the poster and the offer's author). */
export interface MessageTable {
  id: string;
  offer_id: string;
  author_id: string;
  text: string;
  created_at: string;
  /** Issue 20: 'hidden' by reports or 'removed' by an admin; null for everyone to see. */
  moderation: ColumnType<string | null, string | null | undefined, string | null>;
  moderation_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface NotificationTable {
  id: string;
  user_id: string;
  type: NotificationType;
  text: string;
  /** A path of the web app (src/shared/links.ts). */
  link: string;
  created_at: string;
  read_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Conversation writes per user in the current fixed window (MESSAGE_RATE_LIMIT_*). */
export interface ConversationRateLimitTable {
  user_id: string;
  window_started_at: string;
  count: number;
}

/**
 * Where a row stands in time: (created_at, id), compared as a pair so rows written in the same
 * millisecond still have an order. Streams replay from a position (events/event-streams.ts).
 */
export interface Position {
  at: string;
  id: string;
}

/** A user's saved search (issue 11), one column per filter of src/shared/search.ts. */
export interface SavedSearchTable {
  id: string;
  user_id: string;
  name: string;
  q: string | null;
  /** `|Design|Writing|`; null for every category. */
  categories: string | null;
  min_budget_cents: number | null;
  max_budget_cents: number | null;
  deadline_from: string | null;
  deadline_to: string | null;
  status: SearchStatus;
  sort: SearchSort | null;
  created_at: string;
}

/** One saved-search alert per task and user (migration 0006). */
/** Issue 50: a task's skills by key (migration 0028). */
export interface TaskSkillTable {
  task_id: string;
  skill_key: string;
  skill: string;
  position: number;
}

/** Issue 50: who was told of which task as one that fits their skills (migration 0028). */
export interface TaskMatchAlertTable {
  task_id: string;
  user_id: string;
  created_at: string;
}

/** Issue 50: the matched alerts a task's post or edit owes, made after its commit (0030). */
export interface TaskMatchJobTable {
  id: string;
  task_id: string;
  poster_id: string;
  status: ColumnType<'pending' | 'done', 'pending' | undefined, 'done'>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  claimed_until: Maybe<string>;
  last_error: Maybe<string>;
  created_at: string;
  done_at: Maybe<string>;
}

export interface SavedSearchAlertTable {
  task_id: string;
  user_id: string;
  saved_search_id: string | null;
  created_at: string;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'logged' | 'skipped';

/** Issue 19: mails waiting for, or done with, the sender (migration 0011). */
export interface OutboxTable {
  id: string;
  kind: string;
  user_id: string | null;
  to_address: string;
  subject: string;
  /** JSON of MailContent (mail/mail-layout.ts). */
  content: string;
  /** JSON object of extra headers. */
  headers: ColumnType<string, string | undefined, string>;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  notification_id: ColumnType<string | null, string | null | undefined, string | null>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface MailPreferenceTable {
  user_id: string;
  kind: MailKind;
  mode: MailMode;
}

export interface MailDigestTable {
  user_id: string;
  kind: MailKind;
  sent_at: string;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  created_at: string;
}

export interface NewsletterSubscriberTable {
  email: string;
  token: string;
  confirmed_at: string | null;
  created_at: string;
}

/** Better Auth's one-time values (reset links): `value` is the user's id for a reset. */
export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
}

/** Issue 20: the blocker's tasks and conversations are closed to the blocked. */
export interface BlockTable {
  blocker_id: string;
  blocked_id: string;
  created_at: string;
}

/** Issue 20: every admin action, append-only. */
export interface AdminActionTable {
  id: string;
  admin_id: string;
  action: string;
  target_type: string;
  target_id: string;
  reason: string;
  /** JSON. */
  details: ColumnType<string, string | undefined, never>;
  created_at: string;
}

/** Issue 20: one report per reporter per item. */
export interface ReportTable {
  id: string;
  reporter_id: string;
  item_type: ReportItemType;
  item_id: string;
  author_id: string;
  reason: string;
  note: string | null;
  status: ColumnType<
    'open' | 'dismissed' | 'actioned',
    'open' | undefined,
    'dismissed' | 'actioned'
  >;
  created_at: string;
  closed_at: ColumnType<string | null, never, string>;
  /** Issue 47: the client's address (an IPv6 one by its /64) and device mark, when known. */
  client_address: ColumnType<string | null, string | null | undefined, string | null>;
  device: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why it does not count toward hiding; null when it does. */
  uncounted_because: ColumnType<
    ReportUncountedBecause | null,
    ReportUncountedBecause | null | undefined,
    ReportUncountedBecause | null
  >;
}

/** Issue 47: a surge of reports from one group (one reporter, address or device), kept once. */
export interface ReportSurgeTable {
  id: string;
  reporter_id: string;
  client_address: string | null;
  device: string | null;
  item_count: number;
  created_at: string;
}

/** Issue 21: one movement of money; its entries sum to zero. */
export interface LedgerTransactionTable {
  id: string;
  kind: string;
  /** What asked for it, unique: the same movement asked for twice happens once. */
  reference: string;
  task_id: string | null;
  created_at: string;
}

/** Issue 21: one side of a movement, in whole cents (positive into the account). */
export interface LedgerEntryTable {
  id: string;
  transaction_id: string;
  account: string;
  /** A bigint on PostgreSQL, read as a string there. */
  amount_cents: ColumnType<number | string, number, never>;
}

/** A bigint on PostgreSQL (read as a string there), an integer on SQLite: whole cents. */
type Cents = ColumnType<number | string, number, number>;
type Maybe<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type PaymentStatus =
  'processing' | 'failed' | 'held' | 'disputed' | 'released' | 'refunded' | 'split';

/** Issue 21: a poster's payment to hire one offer (migration 0015). */
export interface PaymentTable {
  id: string;
  task_id: string;
  offer_id: string;
  payer_id: string;
  payee_id: string;
  amount_cents: Cents;
  client_fee_cents: Cents;
  total_cents: Cents;
  client_fee_bp: number;
  freelancer_fee_bp: number;
  provider: string;
  provider_ref: Maybe<string>;
  status: PaymentStatus;
  failure: Maybe<string>;
  created_at: string;
  paid_at: Maybe<string>;
  settled_at: Maybe<string>;
}

export interface PayoutAccountTable {
  user_id: string;
  provider: string;
  name: string;
  provider_ref: Maybe<string>;
  created_at: string;
  updated_at: string;
}

export interface PayoutTable {
  id: string;
  user_id: string;
  amount_cents: Cents;
  destination: string;
  status: 'pending' | 'paid' | 'failed';
  provider_ref: Maybe<string>;
  failure: Maybe<string>;
  created_at: string;
  settled_at: Maybe<string>;
}

export interface PaymentJobTable {
  id: string;
  kind: 'refund' | 'transfer';
  payment_id: Maybe<string>;
  payout_id: Maybe<string>;
  amount_cents: Cents;
  status: ColumnType<'pending' | 'done' | 'failed', 'pending' | undefined, 'done' | 'failed'>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  claimed_until: Maybe<string>;
  provider_ref: Maybe<string>;
  last_error: Maybe<string>;
  created_at: string;
  done_at: Maybe<string>;
}

export interface DisputeTable {
  id: string;
  task_id: string;
  payment_id: string;
  opened_by: string;
  status: 'open' | 'resolved';
  outcome: Maybe<'release' | 'refund' | 'split'>;
  freelancer_cents: Maybe<number | string>;
  reason: Maybe<string>;
  resolved_by: Maybe<string>;
  created_at: string;
  resolved_at: Maybe<string>;
}

export interface DisputeStatementTable {
  id: string;
  dispute_id: string;
  user_id: string;
  text: string;
  created_at: string;
}

export interface ReceiptTable {
  id: string;
  number: string;
  kind: 'payment' | 'refund' | 'payout' | 'release';
  payer_id: Maybe<string>;
  payee_id: Maybe<string>;
  task_id: Maybe<string>;
  payment_id: Maybe<string>;
  payout_id: Maybe<string>;
  /** JSON (payments/receipts.ts ReceiptLines). */
  lines: string;
  total_cents: Cents;
  created_at: string;
}

export interface ProviderEventTable {
  id: string;
  type: string;
  received_at: string;
}

export interface TestProviderOperationTable {
  id: string;
  idempotency_key: string;
  kind: 'charge' | 'refund' | 'transfer';
  amount_cents: Cents;
  status: 'succeeded' | 'failed';
  failure: Maybe<string>;
  target: Maybe<string>;
  created_at: string;
}

/** Issue 18: what the in-memory search index reads to follow the tasks (migration 0016). */
export interface TaskChangeTable {
  id: Generated<number>;
  task_id: Maybe<string>;
  user_id: Maybe<string>;
}

/** Issue 50: a freelancer profile or account changed (migration 0032), for the directory's index. */
export interface FreelancerChangeTable {
  id: Generated<number>;
  user_id: string;
}

/** Issue 49: a piece of a freelancer's portfolio (its photo a file attached to it). */
export interface PortfolioItemTable {
  id: string;
  user_id: string;
  file_id: string;
  title: string;
  link: string | null;
  position: number;
  created_at: string;
}

export interface Database {
  task_changes: TaskChangeTable;
  freelancer_changes: FreelancerChangeTable;
  payments: PaymentTable;
  payout_accounts: PayoutAccountTable;
  payouts: PayoutTable;
  payment_jobs: PaymentJobTable;
  disputes: DisputeTable;
  dispute_statements: DisputeStatementTable;
  receipts: ReceiptTable;
  provider_events: ProviderEventTable;
  test_provider_operations: TestProviderOperationTable;
  ledger_transactions: LedgerTransactionTable;
  ledger_entries: LedgerEntryTable;
  blocks: BlockTable;
  admin_actions: AdminActionTable;
  reports: ReportTable;
  report_surges: ReportSurgeTable;
  user: UserTable;
  account: AccountTable;
  verification: VerificationTable;
  session: SessionTable;
  tasks: TaskTable;
  bids: BidTable;
  offers: OfferTable;
  task_reopenings: TaskReopeningTable;
  change_requests: ChangeRequestTable;
  invitations: InvitationTable;
  freelancer_profiles: FreelancerProfileTable;
  freelancer_skills: FreelancerSkillTable;
  freelancer_words: FreelancerWordTable;
  task_skills: TaskSkillTable;
  task_match_alerts: TaskMatchAlertTable;
  task_match_jobs: TaskMatchJobTable;
  deliveries: DeliveryTable;
  files: FileTable;
  portfolio_items: PortfolioItemTable;
  reviews: ReviewTable;
  questions: QuestionTable;
  question_replies: QuestionReplyTable;
  messages: MessageTable;
  notifications: NotificationTable;
  conversation_rate_limits: ConversationRateLimitTable;
  saved_searches: SavedSearchTable;
  saved_search_alerts: SavedSearchAlertTable;
  outbox: OutboxTable;
  mail_preferences: MailPreferenceTable;
  mail_digests: MailDigestTable;
  contact_messages: ContactMessageTable;
  newsletter_subscribers: NewsletterSubscriberTable;
}
