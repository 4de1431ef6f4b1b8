import { getMigrations } from 'better-auth/db/migration';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app.ts';

const t = useTestApp();

// Our migration writes Better Auth's tables by hand so both engines share one migration set;
// Better Auth's own planner must find nothing left to create or add.
describe('the auth tables of migration 0001', () => {
  it("match what Better Auth's configuration needs", async () => {
    const plan = await getMigrations(t.app.auth.options);
    expect(plan.toBeCreated.map((step) => step.table)).toEqual([]);
    expect(plan.toBeAdded.map((step) => [step.table, Object.keys(step.fields)])).toEqual([]);
    expect(plan.toBeAddedIndexes.map((step) => step.name)).toEqual([]);
  });
});
