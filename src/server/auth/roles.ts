/** The role of operators (issue 20), apart from auth.ts so the stores may read it without it. */
export const ADMIN_ROLE = 'admin';
