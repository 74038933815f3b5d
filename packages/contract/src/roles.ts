/**
 * Users' roles and account statuses (requirements §3) and who may open the admin panel (spec
 * section 6). Plain values without zod, so the web app's first chunk can check a role (header,
 * guards) without loading the schemas (zod-free.test.ts); users.ts builds its enums from them.
 */

export const USER_ROLES = ['USER', 'ADMIN', 'SUPER_ADMIN'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const USER_STATUSES = ['ACTIVE', 'INACTIVE', 'SUSPENDED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Roles that may open the admin panel (requirements §6). */
export const ADMIN_ROLES: readonly UserRole[] = ['ADMIN', 'SUPER_ADMIN'];
/** True when `role` may use the admin panel. */
export const isAdminRole = (role: UserRole | undefined | null): boolean =>
  !!role && ADMIN_ROLES.includes(role);
