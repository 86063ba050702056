import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/**
 * Server test files that change what other files would see in the same process: a module mocked (vi.mock), fake
 * timers, stubbed globals. They run isolated, as the web app's and the scripts' tests do.
 */
const ISOLADOS = [
  'src/server/openapi/serving.test.ts',
  'src/server/realtime.test.ts',
  'src/server/features/encomendas/ifthenpay-metodos-multibanco.test.ts',
  'src/server/features/encomendas/ifthenpay-metodos-paginas.test.ts',
]

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Most integration files spend their time waiting on PostgreSQL and on child processes (the chaos suite's servers,
    // the topology's nginx), not on this CPU: vitest's default (cores − 1) would run them one at a time on CI's two
    // cores. VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? Math.max(2, availableParallelism() - 1)),
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          exclude: ISOLADOS,
          // Each file in a fresh process imported the whole server again (Fastify, zod, every feature): 3–5 s of a
          // 2-core machine's CPU per file, most of the suite's time for the short ones. These files share a process's
          // modules: each builds its own app and database (testing/harness.ts), and the server keeps no state of
          // its own between apps.
          isolate: false,
          // With TEST_DATABASE_URL: the PostgreSQL schema every test database copies, migrated once per run.
          globalSetup: ['src/server/testing/pg-modelo.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: [
            'src/*.test.ts',
            'src/shared/**/*.test.ts',
            'src/web/**/*.test.ts',
            'src/web/**/*.test.tsx',
            'scripts/**/*.test.mjs',
            'scripts/**/*.test.ts',
            ...ISOLADOS,
          ],
        },
      },
    ],
  },
})
