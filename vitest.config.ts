import { defineConfig } from 'vitest/config';

const serverTests = ['src/server/**/*.test.ts'];

// The same API suite on PostgreSQL when TEST_DATABASE_URL is set (DESIGN.md "Tests");
// *.postgres.test.ts runs there only, *.sqlite.test.ts on the embedded store only. Each project
// extends this config, so the timeouts below hold in both.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        // Inline projects take the root's options (the timeouts above) only when told to (Vitest 4).
        extends: true,
        test: {
          name: 'sqlite',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.postgres.test.ts'],
          env: { TEST_ENGINE: 'sqlite' },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: serverTests,
                exclude: ['src/server/**/*.sqlite.test.ts'],
                env: { TEST_ENGINE: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
