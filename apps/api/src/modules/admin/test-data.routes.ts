/** Admin test-data routes: what test mode left, and clearing it (docs/billing.md "Test mode"). */
import type { FastifyInstance } from 'fastify';
import { API } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/route.js';
import { clearTestData, testDataSummary } from './test-data.js';

/** Registers the admin test-data routes on `app`. */
export function adminTestDataRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.admin.testData, async () => ({ test_data: await testDataSummary(ctx) }));
    route(app, API.admin.clearTestData, async ({ user }) => ({
      cleared: await clearTestData(ctx, user),
    }));
  };
}
