import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.mjs', 'scripts/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Most integration files spend their time waiting on PostgreSQL and on child processes (the chaos suite's servers,
    // the topology's nginx), not on this CPU: vitest's default (cores − 1) would run them one at a time on CI's two
    // cores. VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? Math.max(2, availableParallelism() - 1)),
    // With TEST_DATABASE_URL: the PostgreSQL schema every test database copies, migrated once per run.
    globalSetup: ['src/server/testing/pg-modelo.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
