/**
 * Issue 20's API paths, kept out of lib/paths.ts because only lazily loaded pages use them: the
 * app shell (and so the home page's JavaScript budget) carries none of them. Page paths, and
 * the blocked list the shell starts loading early, stay in lib/paths.ts.
 */
export const moderationApiPaths = {
  /** A block of one user (POST, DELETE, GET whether I blocked them). */
  userBlock: (id: string) => `/api/users/${encodeURIComponent(id)}/block`,
  reports: '/api/reports',
  /** The operator's calls (admins only). */
  adminReports: '/api/admin/reports',
  adminItemDecision: (type: string, id: string, decision: 'dismiss' | 'remove' | 'restore-group') =>
    `/api/admin/items/${encodeURIComponent(type)}/${encodeURIComponent(id)}/${decision}`,
  adminUsers: (q: string) => `/api/admin/users?${new URLSearchParams({ q })}`,
  /** One user's latest tasks, offers, reports made and received, and history. */
  adminUserDetail: (id: string) => `/api/admin/users/${encodeURIComponent(id)}`,
  adminUser: (id: string, action: 'suspend' | 'lift' | 'warn' | 'role') =>
    `/api/admin/users/${encodeURIComponent(id)}/${action}`,
  /** The audit log, newest first; as a CSV file to download with `format: 'csv'`. */
  adminActions: (query: { action?: string; format?: 'csv' }) =>
    `/api/admin/actions?${new URLSearchParams(query)}`,
  adminStats: '/api/admin/stats',
} as const;
