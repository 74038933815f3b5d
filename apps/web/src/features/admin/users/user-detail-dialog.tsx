/**
 * A user's detail for admins: account, subscription, license (with its devices and actions:
 * user-license-section.tsx), orders and download history.
 */
import type { ReactNode } from 'react';
import { COUNTRIES, renewalSentence, type AdminUserDetail } from '@flockr/contract';
import { Dialog } from '../../../components/ui/dialog';
import { SubscriptionStatusBadge } from '../../../components/ui/status-badges';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useAdminUser } from './api/users';
import { RoleBadge, UserStatusBadge } from '../kit/badges';
import { ItemList, orderItem } from '../kit/item-list';
import { QueryView } from '../kit/query-view';
import { UserLicense } from './user-license-section';

/** A term and its value in a two-column list. */
function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1">
      <dt className="text-slate-500">{term}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** A titled block of the detail. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-slate-100 pt-3 first:border-t-0 first:pt-0">
      <h3 className="mb-1.5 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** The loaded detail. */
function Detail({ detail }: { detail: AdminUserDetail }) {
  const { user, subscription, orders, downloads } = detail;
  const country = COUNTRIES.find((c) => c.code === user.country)?.name ?? '—';
  return (
    <div className="space-y-4">
      <Section title="Account">
        <dl>
          <Row term="Email">{user.email}</Row>
          <Row term="Role">
            <RoleBadge role={user.role} />
          </Row>
          <Row term="Status">
            <UserStatusBadge status={user.status} />
          </Row>
          <Row term="Email confirmed">{user.email_verified ? 'Yes' : 'No'}</Row>
          <Row term="Country">{country}</Row>
          <Row term="Joined">{formatDateTime(user.created_at)}</Row>
        </dl>
      </Section>
      <Section title="Subscription">
        {subscription ? (
          <dl>
            <Row term="Plan">{subscription.plan_name}</Row>
            <Row term="Status">
              <SubscriptionStatusBadge status={subscription.status} />
            </Row>
            <Row term="Started">{formatDate(subscription.started_at)}</Row>
            <Row term="Renewal">{renewalSentence(subscription)}</Row>
          </dl>
        ) : (
          <p className="text-slate-600">No subscription.</p>
        )}
      </Section>
      <Section title="License">
        <UserLicense userId={user.id} username={user.username} />
      </Section>
      <Section title={`Orders (${orders.length})`}>
        <ItemList
          items={orders}
          empty="No orders."
          render={(o) => orderItem(o, formatDateTime(o.created_at))}
        />
      </Section>
      <Section title={`Downloads (${downloads.length})`}>
        <ItemList
          items={downloads}
          empty="No downloads."
          render={(d) => ({
            main: (
              <>
                <p className="font-medium text-slate-900">v{d.version}</p>
                <p className="truncate text-xs text-slate-500">{d.filename}</p>
              </>
            ),
            aside: <p className="text-xs text-slate-500">{formatDateTime(d.downloaded_at)}</p>,
          })}
        />
      </Section>
    </div>
  );
}

/** Dialog showing `GET /admin/users/{id}` for `userId`, titled with `username`; closed when `userId` is null. */
export function UserDetailDialog({
  userId,
  username,
  onClose,
}: {
  userId: string | null;
  username: string;
  onClose: () => void;
}) {
  const query = useAdminUser(userId);
  return (
    <Dialog open={userId !== null} onClose={onClose} title={`User ${username}`} size="lg">
      <div
        role="region"
        aria-label={`Details of ${username}`}
        tabIndex={0}
        className="-mx-1 max-h-[65vh] overflow-y-auto px-1"
      >
        <QueryView query={query} loadingLabel="Loading user…">
          {(detail) => <Detail detail={detail} />}
        </QueryView>
      </div>
    </Dialog>
  );
}
