/**
 * Admin user management (spec §6/§7, issue 4). Rules the server enforces:
 * - Nobody changes their own status or role (so an admin can never suspend or demote themselves).
 * - Only a SUPER_ADMIN changes roles, and only a SUPER_ADMIN acts on another admin's account.
 * Every change is audited in the same transaction.
 */
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { API_ERRORS, paginate } from '@flockr/contract';
import type {
  AdminUserDetail,
  AdminUsersResponse,
  User,
  UserRole,
  UserStatus,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { users, type UserRow } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import { containsPattern } from '../../lib/like.js';
import { recordAudit } from '../audit/service.js';
import { listUserDownloadEvents } from '../downloads/repository.js';
import { currentSubscription } from '../subscriptions/service.js';
import { findUserById, updateUser } from '../users/repository.js';
import { toUserDto } from '../users/service.js';
import { listAdminOrders } from './orders.js';

/** `GET /admin/users`: newest first; `search` matches username or email (case-insensitive substring). */
export async function listUsers(
  ctx: AppContext,
  query: { page: number; limit: number; search?: string; status?: UserStatus; role?: UserRole },
): Promise<AdminUsersResponse> {
  const filters: (SQL | undefined)[] = [
    query.search
      ? or(
          ilike(users.username, containsPattern(query.search)),
          ilike(users.email, containsPattern(query.search)),
        )
      : undefined,
    query.status ? eq(users.status, query.status) : undefined,
    query.role ? eq(users.role, query.role) : undefined,
  ];
  const where = and(...filters);
  const rows = await ctx.db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [totals] = await ctx.db.select({ total: count() }).from(users).where(where);
  const now = ctx.now();
  return {
    users: await Promise.all(rows.map((r) => toUserDto(ctx.db, r, now))),
    pagination: paginate(totals?.total ?? 0, query.page, query.limit),
  };
}

/** `GET /admin/users/{id}`: the user with orders, subscription and download history. */
export async function userDetail(ctx: AppContext, id: string): Promise<AdminUserDetail> {
  const row = await findUserById(ctx.db, id);
  if (!row) throw notFound(API_ERRORS.notFound);
  const [user, orderPage, subscription, downloads] = await Promise.all([
    toUserDto(ctx.db, row, ctx.now()),
    listAdminOrders(ctx, { page: 1, limit: 100, userId: id }),
    currentSubscription(ctx, id),
    listUserDownloadEvents(ctx.db, id, 100),
  ]);
  return {
    user,
    orders: orderPage.orders,
    subscription,
    downloads: downloads.map((d) => ({
      id: d.id,
      version: d.version,
      filename: d.filename,
      downloaded_at: d.at.toISOString(),
    })),
  };
}

/** Refuses self-changes and, for non-SUPER_ADMIN actors, changes to other admins. */
function assertMayActOn(actor: UserRow, target: UserRow): void {
  if (actor.id === target.id) throw forbidden(API_ERRORS.cannotChangeSelf);
  if (target.role !== 'USER' && actor.role !== 'SUPER_ADMIN')
    throw forbidden(API_ERRORS.superAdminOnly);
}

/** `PUT /admin/users/{id}/status`. Takes effect on the user's next request. */
export async function setUserStatus(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  status: UserStatus,
): Promise<User> {
  return ctx.db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!target) throw notFound(API_ERRORS.notFound);
    assertMayActOn(actor, target);
    const updated = target.status === status ? target : (await updateUser(tx, id, { status }))!;
    if (target.status !== status) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'user.status',
        entityType: 'user',
        entityId: id,
        before: { status: target.status },
        after: { status },
      });
    }
    return toUserDto(tx, updated, ctx.now());
  });
}

/** `PUT /admin/users/{id}/role` (SUPER_ADMIN only). */
export async function setUserRole(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  role: UserRole,
): Promise<User> {
  if (actor.role !== 'SUPER_ADMIN') throw forbidden(API_ERRORS.superAdminOnly);
  return ctx.db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!target) throw notFound(API_ERRORS.notFound);
    assertMayActOn(actor, target);
    const updated = target.role === role ? target : (await updateUser(tx, id, { role }))!;
    if (target.role !== role) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'user.role',
        entityType: 'user',
        entityId: id,
        before: { role: target.role },
        after: { role },
      });
    }
    return toUserDto(tx, updated, ctx.now());
  });
}
