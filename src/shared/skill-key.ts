import { z } from 'zod';

/**
 * Issue 50: a skill as a freelancer's profile and a task carry it: 1 to SKILL_MAX_LENGTH
 * characters, known by its key (lower case, single spaces), so "react " and "React" are one.
 * Kept apart from freelancer-profiles.ts so that tasks.ts may use it without an import cycle.
 */
export const SKILL_MAX_LENGTH = 40;

/** One key per skill however it is typed: "react " and "React" are one skill. */
export const skillKey = (skill: string) => skill.trim().replace(/\s+/g, ' ').toLowerCase();

export const SKILL_MESSAGES = {
  skillInvalid: `A skill must be 1 to ${SKILL_MAX_LENGTH} characters.`,
  skillTwice: 'A skill is listed twice.',
} as const;

/** A list of at most `max` skills, each 1–40 characters, none twice by its key. */
export const skillListSchema = (max: number, tooMany: string) =>
  z
    .array(
      z
        .string({ error: SKILL_MESSAGES.skillInvalid })
        .trim()
        .min(1, SKILL_MESSAGES.skillInvalid)
        .max(SKILL_MAX_LENGTH, SKILL_MESSAGES.skillInvalid),
      { error: SKILL_MESSAGES.skillInvalid },
    )
    .max(max, tooMany)
    .refine(
      (skills) => new Set(skills.map(skillKey)).size === skills.length,
      SKILL_MESSAGES.skillTwice,
    );
