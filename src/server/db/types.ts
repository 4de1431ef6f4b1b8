import type { ColumnType, Generated } from 'kysely';

/** Better Auth's user table (its default names); we read it to show a task's poster. */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: ColumnType<boolean | number, boolean, boolean>;
  image: string | null;
  createdAt: ColumnType<Date | string, Date | string, Date | string>;
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
}

export interface BidTable {
  id: string;
  task_id: string;
  bidder_id: string;
  created_at: string;
}

export interface Database {
  user: UserTable;
  account: AccountTable;
  tasks: TaskTable;
  bids: BidTable;
}
