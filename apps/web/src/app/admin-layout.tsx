/**
 * The layout of `/admin` (requirements §2): the admin's own shell (admin-shell.tsx) for ADMIN and
 * SUPER_ADMIN; everyone else sees `/admin`'s Access Denied inside the normal site. The shell's
 * code loads only for an admin, so it is not part of a public page's first chunk.
 */
import { lazy, Suspense } from 'react';
import { isAdminRole } from '@flockr/contract';
import { useSession } from '../lib/session';
import { PageLoading } from './route-error';
import { SiteLayout } from './site-layout';

/** The admin shell, loaded for an admin. */
const AdminLayout = lazy(() => import('./admin-shell').then((m) => ({ default: m.AdminLayout })));

/** The admin shell around the admin route (an admin), else the site layout (its Access Denied). */
export function AdminShellOrSite() {
  const { user } = useSession();
  if (!user || !isAdminRole(user.role)) return <SiteLayout />;
  return (
    <Suspense fallback={<PageLoading />}>
      <AdminLayout />
    </Suspense>
  );
}
