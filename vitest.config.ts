import { defineConfig } from 'vitest/config';

const serverTests = ['src/server/**/*.test.ts'];

// The same API suite on PostgreSQL when TEST_DATABASE_URL is set (DESIGN.md "Tests");
// *.postgres.test.ts runs there only, *.sqlite.test.ts on the embedded store only. Each project
// extends this config, so the timeouts below hold in both.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two files at a time on two cores (Vitest's default is one fewer worker than cores: one),
    // and each worker imports the app's modules once, not once per file: the files wait on
    // their databases and servers more than they compute, and importing the app took 3-4 s a
    // file of the suite's 815 s. The suite then took 333-336 s on both engines, twice. The
    // files share no module state that matters: each builds its own app on its own database,
    // and none mocks a module or changes process.env.
    maxWorkers: 2,
    isolate: false,
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
