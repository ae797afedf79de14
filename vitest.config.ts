import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) }

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default leaves one of the two cores idle; the API files are CPU-bound (PGlite),
    // and two at a time take 157 s instead of 229 s here.
    maxWorkers: 2,
    projects: [
      // Pure logic runs in node: a jsdom per file costs most of the unit run's time. A .ts test
      // that needs the DOM says so in its first line: // @vitest-environment jsdom
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          setupFiles: ['fake-indexeddb/auto'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['fake-indexeddb/auto'],
        },
      },
      // The builds and the README's promises: nothing here depends on the database engine, so
      // CI's second run on PostgreSQL (--project api) leaves them out.
      {
        resolve: { alias },
        test: {
          name: 'build',
          environment: 'node',
          include: ['tests/build/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          setupFiles: ['tests/api/helpers/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // One process runs many files: the server's modules load once, not per file, and the
          // reused PGlite instances (helpers/db.ts) serve every file of the worker. The files put
          // back what they change in shared state (mocks, module settings).
          isolate: false,
        },
      },
      // Servers, a balancer and a PostgreSQL of its own, started by the test (needs Debian's
      // postgresql and haproxy); npm test runs it as its own stage, once, after the rest.
      {
        resolve: { alias },
        test: {
          name: 'cluster',
          environment: 'node',
          include: ['tests/cluster/**/*.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 300_000,
          pool: 'forks',
        },
      },
    ],
  },
})
