import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const contract = path.resolve(import.meta.dirname, '../../packages/contract/src/index.ts');
const shared = {
  resolve: { alias: { '@flockr/contract': contract } },
};

/**
 * API tests run against PGlite always, and against PostgreSQL too when TEST_DATABASE_URL is set
 * (each test file gets its own fresh database either way).
 */
export default defineConfig({
  ...shared,
  test: {
    projects: [
      {
        ...shared,
        test: {
          name: 'api-pglite',
          include: ['src/**/*.test.ts'],
          setupFiles: ['src/test/setup.ts'],
          env: { TEST_DB_KIND: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              ...shared,
              test: {
                name: 'api-postgres',
                include: ['src/**/*.test.ts'],
                // The SIGTERM test runs a real server process on its own embedded database: the
                // same whichever database the project tests, so once (in api-pglite) is enough.
                exclude: [...configDefaults.exclude, 'src/server.test.ts'],
                setupFiles: ['src/test/setup.ts'],
                env: { TEST_DB_KIND: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
