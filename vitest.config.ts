import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests that need several processes on one database (`*.postgres.test.ts`) are part of the suite
 * only on PostgreSQL: the embedded database takes one process.
 */
const postgresOnly = process.env.DATABASE_URL ? [] : ['**/*.postgres.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...postgresOnly],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'stack',
          include: ['scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...postgresOnly],
          testTimeout: 300_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
