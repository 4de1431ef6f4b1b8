import { z } from 'zod';
import { AUTH_MESSAGES, NAME_MAX_LENGTH, passwordProblem } from './account-rules.ts';

export * from './account-rules.ts';

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

/** Issue 19: the body of a password reset or change, its new password under the sign-up rules. */
export const newPasswordSchema = z.object({ newPassword: passwordSchema });
/** Issue 19: the address an account moves to, once a link mailed there is followed. */
export const changeEmailSchema = z.object({ newEmail: emailSchema });

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
