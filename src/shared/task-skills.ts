import { z } from 'zod';
import { CURATED_SKILLS, SKILLS_BY_CATEGORY, skillKey } from './freelancer-profiles.ts';
import { taskSchema } from './tasks.ts';
import type { Category } from './task-constants.ts';

/**
 * Issue 50 "Tasks that fit": the skills offered to a poster as they type a task. The rules of a
 * task's skills (at most TASK_SKILLS_MAX) are in tasks.ts, with the task's other fields.
 */

/** How many suggestions the task form offers at most. */
export const SKILL_SUGGESTIONS_MAX = 8;

const wordsOf = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+#.&]+/gu, ' ')
    .replace(/\.(\s|$)/g, ' ')
    .trim()} `;

/**
 * Up to SKILL_SUGGESTIONS_MAX curated skills for a task: first those whose words appear in its
 * title or description (in the order of the curated list), then its category's own; never one
 * already chosen (by key).
 */
export function suggestSkills(
  title: string,
  description: string,
  category: Category | '' | undefined,
  chosen: readonly string[] = [],
): string[] {
  const text = wordsOf(`${title} ${description}`);
  const taken = new Set(chosen.map(skillKey));
  const named = CURATED_SKILLS.filter((skill) => text.includes(wordsOf(skill)));
  const own = category ? SKILLS_BY_CATEGORY[category] : [];
  const suggestions: string[] = [];
  for (const skill of [...named, ...own]) {
    const key = skillKey(skill);
    if (taken.has(key)) continue;
    taken.add(key);
    suggestions.push(skill);
    if (suggestions.length === SKILL_SUGGESTIONS_MAX) break;
  }
  return suggestions;
}

/** Matched alerts (issue 50): at most this many a freelancer is told of in 24 hours. */
export const TASK_MATCH_ALERTS_PER_DAY = 20;

/** GET /api/me/recommended-tasks. */
export const recommendedTasksSchema = z.object({
  items: z.array(taskSchema).describe('At most 6, best fit first'),
  hasSkills: z.boolean().describe('Whether my freelancer profile lists any skill'),
});
export type RecommendedTasks = z.infer<typeof recommendedTasksSchema>;
