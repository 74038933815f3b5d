/**
 * The layer rules of docs/architecture.md are enforced by `npm run lint` (eslint.config.js,
 * `apiLayers`, and `webLayers` for the web app). These tests lint deliberate violations, as they would be written in the code, and
 * expect each to be refused, so the rules cannot silently stop applying.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

/** The restricted-import messages ESLint gives `code` as if it were the file `file`. */
async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer rules (eslint)', () => {
  it('a route may not use the query builder, the database or a repository', async () => {
    const found = await violations(
      'apps/api/src/modules/billing/routes.ts',
      [
        "import { eq } from 'drizzle-orm';",
        "import { orders } from '../../db/schema.js';",
        "import { lockOrder } from './repository.js';",
        'export const x = [eq, orders, lockOrder];',
      ].join('\n'),
    );
    expect(found).toHaveLength(3);
  });

  it('a service may not use the query builder, HTTP, or another module’s repository', async () => {
    const found = await violations(
      'apps/api/src/modules/billing/checkout.ts',
      [
        "import { sql } from 'drizzle-orm';",
        "import Fastify from 'fastify';",
        "import { findUserById } from '../accounts/repository.js';",
        'export const x = [sql, Fastify, findUserById];',
      ].join('\n'),
    );
    expect(found).toHaveLength(3);
  });

  it('a repository may use the query builder but not HTTP', async () => {
    const file = 'apps/api/src/modules/billing/repository.ts';
    expect(
      await violations(file, "import { eq } from 'drizzle-orm';\nexport const x = eq;"),
    ).toEqual([]);
    expect(
      await violations(file, "import Fastify from 'fastify';\nexport const x = Fastify;"),
    ).toHaveLength(1);
  });

  it('the code as it stands has no violation', async () => {
    const results = await eslint.lintFiles(['apps/api/src']);
    const broken = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId === 'no-restricted-imports')
        .map((m) => `${path.relative(root, r.filePath)}: ${m.message}`),
    );
    expect(broken).toEqual([]);
  }, 60_000);

  describe('the web app', () => {
    /** The layer messages ESLint gives `code` as if it were the web app's file `file`. */
    async function webViolations(file: string, code: string): Promise<string[]> {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
      return result!.messages
        .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
        .map((m) => m.message);
    }

    it('imports downward only: lib, components and features never import what is above them', async () => {
      const guards = "import { AdminOnly } from '../app/guards';\nexport const x = AdminOnly;";
      expect(await webViolations('apps/web/src/lib/x.ts', guards)).toHaveLength(1);
      expect(
        await webViolations(
          'apps/web/src/components/ui/x.ts',
          "import { useDownload } from '../../features/downloads';\nexport const x = useDownload;",
        ),
      ).toHaveLength(1);
      expect(
        await webViolations(
          'apps/web/src/features/orders/x.ts',
          "import { AdminOnly } from '../../app/guards';\nexport const x = AdminOnly;",
        ),
      ).toHaveLength(1);
    });

    it("a feature reaches another only through that feature's index.ts", async () => {
      const file = 'apps/web/src/features/checkout/api/x.ts';
      expect(
        await webViolations(
          file,
          "import { useOrders } from '../../orders/api/orders';\nexport const x = useOrders;",
        ),
      ).toHaveLength(1);
      expect(
        await webViolations(
          file,
          "import { useOrders } from '../../orders';\nexport const x = useOrders;",
        ),
      ).toEqual([]);
    });

    describe('the admin (features/admin)', () => {
      const admin = 'apps/web/src/features/admin';

      it("a resource reaches another only through that resource's index.ts", async () => {
        const file = `${admin}/dashboard/x.ts`;
        expect(
          await webViolations(
            file,
            "import { TestDataCard } from '../test-data/test-data-card';\nexport const x = TestDataCard;",
          ),
        ).toHaveLength(1);
        expect(
          await webViolations(
            `${admin}/users/x.ts`,
            "import { useAdminOrders } from '../orders/api/orders';\nexport const x = useAdminOrders;",
          ),
        ).toHaveLength(1);
        expect(
          await webViolations(
            file,
            "import { TestDataCard } from '../test-data';\nexport const x = TestDataCard;",
          ),
        ).toEqual([]);
      });

      it('a resource uses the kit and its own files, never the admin shell', async () => {
        const file = `${admin}/orders/api/x.ts`;
        expect(
          await webViolations(
            file,
            [
              "import { useAdminPage } from '../../kit/api/hooks';",
              "import { useAdminOrders } from './orders';",
              'export const x = [useAdminPage, useAdminOrders];',
            ].join('\n'),
          ),
        ).toEqual([]);
        expect(
          await webViolations(
            `${admin}/orders/x.ts`,
            "import { AdminView } from '../admin-view';\nexport const x = AdminView;",
          ),
        ).toHaveLength(1);
      });

      it('the kit imports no resource, not even through its index.ts', async () => {
        const found = await webViolations(
          `${admin}/kit/x.ts`,
          [
            "import { UsersPanel } from '../users';",
            "import { useAdminUsers } from '../users/api/users';",
            'export const x = [UsersPanel, useAdminUsers];',
          ].join('\n'),
        );
        expect(found).toHaveLength(2);
      });

      it("the admin shell shows a resource's panel through its index.ts", async () => {
        const file = `${admin}/x.tsx`;
        expect(
          await webViolations(
            file,
            "import { UsersPanel } from './users/users-panel';\nexport const x = UsersPanel;",
          ),
        ).toHaveLength(1);
        expect(
          await webViolations(
            file,
            "import { UsersPanel } from './users';\nexport const x = UsersPanel;",
          ),
        ).toEqual([]);
      });
    });

    it('the code as it stands has no violation', async () => {
      const results = await eslint.lintFiles(['apps/web/src']);
      const broken = results.flatMap((r) =>
        r.messages
          .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
          .map((m) => `${path.relative(root, r.filePath)}: ${m.message}`),
      );
      expect(broken).toEqual([]);
    }, 60_000);
  });
});
