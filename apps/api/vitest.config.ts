import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const contract = path.resolve(import.meta.dirname, '../../packages/contract/src/index.ts');
const shared = {
  resolve: { alias: { '@flockr/contract': contract } },
};

/**
 * Files that test the same thing whichever database the other files run on, so they run once,
 * in api-pglite (which always runs): code that opens no database, and the embedded database's
 * own files (its folder lock, the migrations replayed on PGlite).
 */
const DATABASE_INDEPENDENT = [
  'src/config.test.ts',
  'src/deploy.test.ts',
  'src/layers.test.ts',
  'src/module-rings.test.ts',
  'src/db/data-dir-lock.test.ts',
  'src/db/migrations.test.ts',
  'src/lib/*.test.ts',
  'src/modules/releases/builds.test.ts',
  'src/modules/updates/formats/formats.test.ts',
  'src/plugins/nginx-unavailable.test.ts',
  'src/plugins/send-file.test.ts',
  // The SIGTERM test runs a real server process on its own embedded database.
  'src/server.test.ts',
  'src/test/updaters/drivers.test.ts',
];
/**
 * The property-based input tests draw new inputs on every run; one run is enough, on PostgreSQL
 * (the production database) when there is one.
 */
const ONCE_ON_PRODUCTION_DATABASE = ['src/fuzz.test.ts'];

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * API tests run against PGlite always, and against PostgreSQL too when TEST_DATABASE_URL is set
 * (each test file gets its own fresh database either way).
 * - `isolate: false`: a worker imports the app once, not once per file (each file still builds
 *   its own app on its own database; nothing is kept at module level between files but the
 *   migrated PGlite dump of test/harness.ts).
 * - `maxWorkers: 3`: Vitest's default is one worker fewer than the cores, one on our 2-core
 *   machines, and these tests mostly wait for a database.
 */
export default defineConfig({
  ...shared,
  test: {
    maxWorkers: 3,
    projects: [
      {
        ...shared,
        test: {
          name: 'api-pglite',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(onPostgres ? ONCE_ON_PRODUCTION_DATABASE : [])],
          isolate: false,
          setupFiles: ['src/test/setup.ts'],
          env: { TEST_DB_KIND: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(onPostgres
        ? [
            {
              ...shared,
              test: {
                name: 'api-postgres',
                include: ['src/**/*.test.ts'],
                exclude: [...configDefaults.exclude, ...DATABASE_INDEPENDENT],
                isolate: false,
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
