import { z } from 'zod';

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

const nameSchema = z
  .string({ error: AUTH_MESSAGES.nameRequired })
  .trim()
  .min(1, AUTH_MESSAGES.nameRequired)
  .max(NAME_MAX_LENGTH, AUTH_MESSAGES.nameTooLong);

const isWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};
const photoUrlSchema = z.string().trim().max(2048).refine(isWebUrl, AUTH_MESSAGES.photoInvalid);

export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid));

export const passwordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** spec §3 "Signup form": name, email, photoURL, password — all required (§5). */
export const signUpSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  image: z
    .string({ error: AUTH_MESSAGES.photoRequired })
    .trim()
    .min(1, AUTH_MESSAGES.photoRequired)
    .pipe(photoUrlSchema),
  password: passwordSchema,
});

export const signInSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired),
});

/** spec §3 "Profile form": name required, photo URL optional (empty clears it). */
export const profileSchema = z.object({
  name: nameSchema,
  image: z
    .union([z.literal(''), photoUrlSchema])
    .optional()
    .nullable(),
});
