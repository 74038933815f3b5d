/**
 * Admin user management (requirements §6 and §7; README "Admins"). Rules the server enforces:
 * - Nobody changes their own status or role (so an admin can never suspend or demote themselves).
 * - Only a SUPER_ADMIN changes roles, and only a SUPER_ADMIN acts on another admin's account.
 * Every change is audited in the same transaction and applies on the user's next request.
 */
import {
  paginate,
  type AdminUsersExportQuery,
  type AdminUsersResponse,
  type UserSortColumn,
  type StatusPreview,
  type User,
  type UserRole,
  type UserStatus,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { csvBatches } from '../../lib/export.js';
import type { UserRow } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import { utcDay } from '../../lib/preview-text.js';
import { recordAudit } from '../audit/service.js';
import { subscriptionSummaries } from '../subscriptions/service.js';
import { userView, userViews } from './profile.js';
import { figureTotals } from '../figures/service.js';
import {
  findUserById,
  listUsers as listUserRows,
  updateUser,
  userBatch,
  usersPage,
} from './repository.js';

/** The filters and sort of the admin users list (contract `adminUsersQuerySchema`). */
type UsersListQuery = {
  search?: string;
  status?: UserStatus;
  role?: UserRole;
  sort?: UserSortColumn;
  dir?: 'asc' | 'desc';
  from?: string;
  to?: string;
};

/**
 * `GET /admin/users`: in `sort` order (default newest first); `search` matches username or
 * email (case-insensitive substring); `from`/`to` bound the joining date (UTC, inclusive). The
 * whole list's total is the kept sign-up figure, exact however many users there are; a filtered
 * list's total is counted exactly up to EXACT_COUNT_LIMIT and estimated beyond
 * (docs/architecture.md "Speed at scale").
 */
export async function listUsers(
  ctx: AppContext,
  query: { page: number; limit: number } & UsersListQuery,
): Promise<AdminUsersResponse> {
  const { page, limit, sort, dir, ...filter } = query;
  const window = { offset: (page - 1) * limit, limit };
  const wholeList = !filter.search && !filter.status && !filter.role && !filter.from && !filter.to;
  const { rows, total, estimate } = wholeList
    ? await Promise.all([
        usersPage(ctx.db, filter, window, { sort, dir }),
        figureTotals(ctx.db),
      ]).then(([found, totals]) => ({ rows: found, total: totals.signups, estimate: false }))
    : await listUserRows(ctx.db, filter, window, { sort, dir });
  return {
    users: await userViews(ctx.db, rows, ctx.now()),
    pagination: paginate(total, page, limit, estimate),
  };
}

/** The `limit` newest users as the API shows them (the dashboard's recent list; no total). */
export async function newestUsers(ctx: AppContext, limit: number): Promise<User[]> {
  return userViews(ctx.db, await usersPage(ctx.db, {}, { offset: 0, limit }), ctx.now());
}

/** Header line of the users export. Times are ISO 8601 UTC. */
export const USERS_CSV_HEADER = [
  'ID',
  'Username',
  'Email',
  'Role',
  'Status',
  'Email verified',
  'Country',
  'Plan',
  'Subscription status',
  'Subscription ends',
  'Joined',
] as const;

/**
 * `GET /admin/users/export`: the users list as CSV lines (header first), every user matching
 * the list's filters in its sort order, read in keyset batches so memory stays flat however
 * many users there are. Cells are formula-safe (contract csv.ts).
 */
export async function* usersCsv(
  ctx: AppContext,
  query: AdminUsersExportQuery,
): AsyncGenerator<string> {
  const { sort, dir, ...filter } = query;
  yield* csvBatches(
    USERS_CSV_HEADER,
    (afterId, limit) => userBatch(ctx.db, filter, { sort, dir }, afterId, limit),
    (row) => row.id,
    async (rows) =>
      (await userViews(ctx.db, rows, ctx.now())).map((u) => [
        u.id,
        u.username,
        u.email,
        u.role,
        u.status,
        u.email_verified,
        u.country,
        u.subscription?.plan_name,
        u.subscription?.status,
        u.subscription?.expires_at,
        u.created_at,
      ]),
  );
}

/** The user `id` as the API shows it. @throws 404 NOT_FOUND. */
export async function userById(ctx: AppContext, id: string): Promise<User> {
  const row = await findUserById(ctx.db, id);
  if (!row) throw notFound('notFound');
  return userView(ctx, row);
}

/** Refuses self-changes and, for actors below SUPER_ADMIN, changes to other admins. */
function assertMayActOn(actor: UserRow, target: UserRow): void {
  if (actor.id === target.id) throw forbidden('cannotChangeSelf');
  if (target.role !== 'USER' && actor.role !== 'SUPER_ADMIN') throw forbidden('superAdminOnly');
}

/**
 * Sets field `field` (status or role) of user `id` to `value`, audited as `user.<field>`.
 * @throws 404 NOT_FOUND; 403 CANNOT_CHANGE_SELF / SUPER_ADMIN_ONLY.
 */
async function setUserField<F extends 'status' | 'role'>(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  field: F,
  value: UserRow[F],
): Promise<User> {
  const now = ctx.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const target = await findUserById(tx, id, true);
    if (!target) throw notFound('notFound');
    assertMayActOn(actor, target);
    if (target[field] === value) return target;
    const row = (await updateUser(tx, id, { [field]: value }, now))!;
    await recordAudit(tx, {
      actorId: actor.id,
      action: `user.${field}`,
      entityType: 'user',
      entityId: id,
      before: { [field]: target[field] },
      after: { [field]: value },
    });
    return row;
  });
  return userView(ctx, updated);
}

/** `PUT /admin/users/{id}/status`. Takes effect on the user's next request. */
export function setUserStatus(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  status: UserStatus,
): Promise<User> {
  return setUserField(ctx, actor, id, 'status', status);
}

/** `PUT /admin/users/{id}/role` (SUPER_ADMIN only). @throws 403 SUPER_ADMIN_ONLY. */
export function setUserRole(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  role: UserRole,
): Promise<User> {
  if (actor.role !== 'SUPER_ADMIN') throw forbidden('superAdminOnly');
  return setUserField(ctx, actor, id, 'role', role);
}

/** What each status means for the user, said to the admin about to set it. */
const STATUS_EFFECTS: Record<UserStatus, (name: string) => string> = {
  SUSPENDED: (name) =>
    `${name} can no longer sign in or download; their open sessions are refused from their next request.`,
  INACTIVE: (name) =>
    `${name}'s account is deactivated: they can no longer sign in or download until it is active again.`,
  ACTIVE: (name) =>
    `${name} can sign in again and download while their subscription has paid time.`,
};

/**
 * `GET /admin/users/{id}/status/preview?status=`: what setting `status` would do. Changes
 * nothing. A change the actor may not make is `allowed: false` with the reason (the same rule
 * as {@link setUserStatus}). Paid time never moves with a status. @throws 404 NOT_FOUND.
 */
export async function previewUserStatus(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  status: UserStatus,
): Promise<StatusPreview> {
  const target = await findUserById(ctx.db, id);
  if (!target) throw notFound('notFound');
  const now = ctx.now();
  const subscription = (await subscriptionSummaries(ctx.db, [id], now)).get(id) ?? null;
  const access = {
    before: subscription?.expires_at ?? null,
    after: subscription?.expires_at ?? null,
  };
  const base = { from: target.status, to: status, access_until: access, emails: [], time_ms: 0 };
  try {
    assertMayActOn(actor, target);
  } catch (error) {
    return { ...base, allowed: false, effects: [(error as Error).message] };
  }
  if (target.status === status) {
    return {
      ...base,
      allowed: true,
      effects: [`${target.username} is already ${status}: nothing changes.`],
    };
  }
  const paid =
    subscription && subscription.status !== 'EXPIRED'
      ? `Their subscription is not changed: paid time keeps running until ${utcDay(new Date(subscription.expires_at))}.`
      : 'They have no paid time; nothing is taken back or granted.';
  return {
    ...base,
    allowed: true,
    effects: [STATUS_EFFECTS[status](target.username), paid, 'No e-mail is sent.'],
  };
}
