import { describe, expect, it } from 'vitest';
import { SKILL_SUGGESTIONS_MAX, suggestSkills } from './task-skills.ts';

describe('suggestSkills', () => {
  it('offers the curated skills named in the words first, then the category’s own', () => {
    expect(
      suggestSkills('React app in TypeScript', 'We use Figma designs and Node.js.', 'Writing'),
    ).toEqual([
      'React',
      'TypeScript',
      'Node.js',
      'Figma',
      'Copywriting',
      'Blog posts',
      'Proofreading',
      'Translation',
    ]);
  });

  it('matches whole words, any case, and skills of several words', () => {
    expect(suggestSkills('A LOGO DESIGN for a shop', 'Reactive? no.', '')).toEqual(['Logo design']);
    expect(suggestSkills('Some SEO.', '', undefined)).toEqual(['SEO']);
  });

  it('leaves out what is chosen already, and offers at most 8', () => {
    const suggestions = suggestSkills('', '', 'Web Development', ['react', 'PHP']);
    expect(suggestions).not.toContain('React');
    expect(suggestions).not.toContain('PHP');
    expect(suggestions).toHaveLength(SKILL_SUGGESTIONS_MAX);
    expect(suggestSkills('', '', '')).toEqual([]);
  });
});
