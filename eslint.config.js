// One lint setup for the whole repository (flat config). The API's layers (docs/architecture.md)
// are enforced here with no-restricted-imports: see `apiLayers` below; the web app's with
// import-x's no-restricted-paths: see `webLayers`.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const api = 'apps/api/src';
const queryBuilder = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'Only repositories and db/ use the query builder (docs/architecture.md, "Layers").',
};
const httpFramework = {
  group: ['fastify', 'fastify-*', '@fastify/*'],
  message: 'Only routes and plugins/ know about HTTP (docs/architecture.md, "Layers").',
};
const database = {
  group: ['**/db/client*', '**/db/schema*'],
  allowTypeImports: true,
  message: 'Routes reach the database through services (docs/architecture.md, "Layers").',
};
const anyRepository = {
  group: ['**/repository', '**/repository.js', '**/*.repository', '**/*.repository.js'],
  message: 'Routes call services, never repositories (docs/architecture.md, "Layers").',
};
const otherModulesRepository = {
  group: ['../*/repository*', '../../*/repository*', '../*/*.repository*'],
  message:
    "A module uses another module's data through that module's service, never its repository (docs/architecture.md).",
};
const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});
const repositories = [`${api}/modules/**/repository.ts`, `${api}/modules/**/*.repository.ts`];
const routes = [`${api}/modules/**/routes.ts`, `${api}/modules/**/*.routes.ts`];
const tests = [`${api}/**/*.test.ts`, `${api}/test/**`];

/** The API's layers: routes → services → repositories, HTTP only in routes and plugins. */
const apiLayers = [
  { files: repositories, rules: restrict(httpFramework) },
  { files: [`${api}/db/**`], ignores: tests, rules: restrict(httpFramework) },
  { files: routes, rules: restrict(queryBuilder, database, anyRepository, otherModulesRepository) },
  { files: [`${api}/plugins/**`], ignores: tests, rules: restrict(queryBuilder, anyRepository) },
  {
    files: [`${api}/modules/**/*.ts`],
    ignores: [...repositories, ...routes, ...tests],
    rules: restrict(queryBuilder, httpFramework, otherModulesRepository),
  },
  {
    files: [`${api}/app.ts`, `${api}/server.ts`],
    rules: restrict(queryBuilder, anyRepository),
  },
  {
    files: [
      `${api}/*.ts`,
      `${api}/jobs/**`,
      `${api}/lib/**`,
      `${api}/mail/**`,
      `${api}/seed/**`,
      `${api}/cli/**`,
    ],
    ignores: [`${api}/app.ts`, `${api}/server.ts`, ...tests],
    rules: restrict(queryBuilder, httpFramework),
  },
];

const web = 'apps/web/src';
const webTests = [`${web}/**/*.test.{ts,tsx}`, `${web}/test/**`, `${web}/**/test/**`];
/** The web app's folder as an absolute path: the rule resolves zones from it, whatever the cwd. */
const webRoot = path.join(import.meta.dirname, web);
const features = readdirSync(path.join(webRoot, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const layerMessage =
  'The web app imports downward only: app → features → components → lib (docs/architecture.md "Map").';
/** The admin's folders: kit/ (what several admin resources share) and one folder per resource. */
const adminFolders = readdirSync(path.join(webRoot, 'features/admin'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'test')
  .map((entry) => entry.name);
const adminResources = adminFolders.filter((folder) => folder !== 'kit');
const adminMessage =
  'An admin resource imports the admin kit, its own folder, and another resource only through its index.ts; the kit imports no resource (docs/architecture.md "The admin").';
/**
 * Inside the admin (docs/architecture.md "The admin"): kit/ imports no resource; a resource
 * folder imports kit/, itself, and another resource only through that one's index.ts; the
 * admin shell (the files at the admin folder's root) reaches resources through their index.ts.
 */
const adminZones = [
  {
    target: './features/admin/kit',
    from: './features/admin',
    except: ['./kit'],
    message: adminMessage,
  },
  ...adminResources.map((resource) => ({
    target: `./features/admin/${resource}`,
    from: './features/admin',
    except: [
      './kit',
      `./${resource}`,
      ...adminResources.filter((other) => other !== resource).map((other) => `./${other}/index.ts`),
    ],
    message: adminMessage,
  })),
  {
    target: './features/admin/*.{ts,tsx}',
    from: './features/admin',
    except: ['./kit', ...adminResources.map((resource) => `./${resource}/index.ts`)],
    message: adminMessage,
  },
];
/**
 * The web app's layers (docs/architecture.md "Map"): app → features → components → lib, and a
 * feature reaches another only through that feature's index.ts, what it exports on purpose; the
 * admin's resources likewise (adminZones). Tests render whole routes and are left out.
 */
const webLayers = [
  {
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: webTests,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: webRoot,
          zones: [
            {
              target: './lib',
              from: ['./components', './features', './app'],
              message: layerMessage,
            },
            { target: './components', from: ['./features', './app'], message: layerMessage },
            { target: './features', from: './app', message: layerMessage },
            ...features.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [
                `./${feature}`,
                ...features
                  .filter((other) => other !== feature)
                  .map((other) => `./${other}/index.ts`),
              ],
              message: `A feature uses another only through its index.ts (docs/architecture.md "Map").`,
            })),
            ...adminZones,
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      'apps/api/drizzle/**',
      'data/**',
      'e2e/artifacts/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...apiLayers,
  ...webLayers,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
