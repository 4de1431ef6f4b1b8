/** Account rules and messages without zod, so the app shell can use them cheaply. */
/** spec §5 and §9 */
export const PASSWORD_MIN_LENGTH = 6;
/** Better Auth's own ceiling, stated so the form and the server agree. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 80;

export const PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 6 characters',
  noUppercase: 'Password must contain at least one uppercase letter',
  noLowercase: 'Password must contain at least one lowercase letter',
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
} as const;

/** spec §8 and §4 */
export const AUTH_MESSAGES = {
  loginSuccess: (displayName: string) => `Login successful! Welcome ${displayName}`,
  googleWelcome: (displayName: string) => `Welcome ${displayName}`,
  userCreated: 'User created successfully',
  logoutConfirmTitle: 'Are you sure?',
  logoutConfirmText: 'You want to logout?',
  logoutConfirmButton: 'Yes, logout!',
  loggedOutTitle: 'Logged out!',
  loggedOutText: 'You have logged out successfully.',
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters.`,
  emailRequired: 'Email is required.',
  emailInvalid: 'Enter a valid email address.',
  photoRequired: 'Photo URL is required.',
  photoInvalid: 'Photo URL must be a web address starting with http:// or https://.',
  passwordRequired: 'Password is required.',
  googleNotConfigured: 'Google sign-in is not available on this server.',
} as const;

/** spec §5: checked in this order, stopping at the first failure. Null when the password is good. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (!/[A-Z]/.test(password)) return PASSWORD_MESSAGES.noUppercase;
  if (!/[a-z]/.test(password)) return PASSWORD_MESSAGES.noLowercase;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  return null;
}

/** The static page the Google sign-in popup ends on (src/client/public/auth-popup-done.html). */
export const GOOGLE_POPUP_DONE_PAGE = '/auth-popup-done.html';
