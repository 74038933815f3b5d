/**
 * Every TanStack Query key of the app in one place, so a mutation in one feature can invalidate
 * another feature's data without importing it. Keys under `private` belong to the signed-in user
 * and are dropped on logout.
 */
export const PRIVATE_ROOT = 'private' as const;

/** Query keys by resource. */
export const queryKeys = {
  siteConfig: ['site-config'] as const,
  plans: ['plans'] as const,
  changelog: ['changelog'] as const,
  /** The signed-in user, `User | null` (lib/session.tsx); set to null, not removed, on logout. */
  session: ['session'] as const,
  subscriptions: [PRIVATE_ROOT, 'subscriptions'] as const,
  orders: [PRIVATE_ROOT, 'orders'] as const,
  ordersPage: (page: number, limit: number) =>
    [PRIVATE_ROOT, 'orders', 'list', page, limit] as const,
  orderStatus: (orderId: string) => [PRIVATE_ROOT, 'orders', 'status', orderId] as const,
  downloads: [PRIVATE_ROOT, 'downloads'] as const,
  downloadHistory: [PRIVATE_ROOT, 'downloads', 'history'] as const,
  downloadVersions: [PRIVATE_ROOT, 'downloads', 'versions'] as const,
  /** The signed-in user's release channel, feed token and feed URLs (`GET /updates/me`). */
  updates: [PRIVATE_ROOT, 'updates'] as const,
  /** The signed-in user's license: key, status, entitlements and devices (`GET /licenses/me`). */
  license: [PRIVATE_ROOT, 'license'] as const,
  sandboxSession: (sessionId: string) => ['sandbox', sessionId] as const,
};

/** Mutation keys, for reading a running mutation's state from another part of the app. */
export const mutationKeys = {
  /** A plan's purchase (features/plans/api/purchase.ts), read by the plan cards while it runs. */
  purchase: ['purchase'] as const,
};
