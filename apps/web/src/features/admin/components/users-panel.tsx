/**
 * Users tab: search by username or email, filter by status and role, change a user's status
 * (and, for SUPER_ADMIN, role) from the row, and open a user's detail. The server enforces who
 * may change whom; its refusals are shown as they come.
 */
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, Users } from 'lucide-react';
import { toast } from 'sonner';
import {
  API_ERRORS,
  USER_ROLES,
  USER_STATUSES,
  type User,
  type UserRole,
  type UserStatus,
} from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import { formatDate, humanize } from '../../../lib/format';
import { adminKeys } from '../api/keys';
import {
  adminUsersQueryOptions,
  updateUserRole,
  updateUserStatus,
  type UsersFilter,
} from '../api/users';
import { AdminTable, inlineSelectClass, tdClass, thClass } from './admin-table';
import { SubscriptionStatusBadge } from '../../../components/ui/status-badges';
import { RoleBadge } from './badges';
import { ErrorState } from './list-states';
import { Pager } from './pager';
import { SearchInput } from './search-input';
import { parseChoice, parsePage, useAdminParams } from './use-admin-params';
import { UserDetailDialog } from './user-detail-dialog';

/** One user row with its status (and role) controls. */
function UserRow({
  user,
  isSelf,
  canChangeRole,
  onError,
  onView,
}: {
  user: User;
  isSelf: boolean;
  canChangeRole: boolean;
  onError: (message: string | null) => void;
  onView: (user: User) => void;
}) {
  const queryClient = useQueryClient();
  const selfHintId = useId();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });

  const status = useMutation({
    mutationFn: (next: UserStatus) => updateUserStatus(user.id, next),
    onMutate: () => onError(null),
    onSuccess: ({ user: saved }) => {
      toast.success(`${saved.username} is now ${humanize(saved.status)}`);
      return refresh();
    },
    onError: (error) => onError(error.message),
  });
  const role = useMutation({
    mutationFn: (next: UserRole) => updateUserRole(user.id, next),
    onMutate: () => onError(null),
    onSuccess: ({ user: saved }) => {
      toast.success(`${saved.username} is now ${humanize(saved.role)}`);
      return refresh();
    },
    onError: (error) => onError(error.message),
  });

  const shownStatus = status.isPending ? status.variables : user.status;
  const shownRole = role.isPending ? role.variables : user.role;
  return (
    <tr>
      <td className={`${tdClass} max-w-[11rem]`}>
        <span className="block truncate font-medium text-slate-900" title={user.username}>
          {user.username}
        </span>
        {isSelf ? (
          <span className="text-xs text-slate-500">
            (you)
            <span id={selfHintId} className="sr-only">
              {API_ERRORS.cannotChangeSelf}
            </span>
          </span>
        ) : null}
      </td>
      <td className={`${tdClass} max-w-[13rem] truncate`} title={user.email}>
        {user.email}
      </td>
      <td className={tdClass}>
        {canChangeRole ? (
          <select
            aria-label={`Role of ${user.username}`}
            aria-describedby={isSelf ? selfHintId : undefined}
            className={inlineSelectClass}
            value={shownRole}
            disabled={isSelf || role.isPending}
            onChange={(event) => role.mutate(event.target.value as UserRole)}
          >
            {USER_ROLES.map((r) => (
              <option key={r} value={r}>
                {humanize(r)}
              </option>
            ))}
          </select>
        ) : (
          <RoleBadge role={user.role} />
        )}
      </td>
      <td className={tdClass}>
        <select
          aria-label={`Status of ${user.username}`}
          aria-describedby={isSelf ? selfHintId : undefined}
          className={inlineSelectClass}
          value={shownStatus}
          disabled={isSelf || status.isPending}
          onChange={(event) => status.mutate(event.target.value as UserStatus)}
        >
          {USER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {humanize(s)}
            </option>
          ))}
        </select>
      </td>
      <td className={tdClass}>
        {user.subscription ? (
          <span className="inline-flex flex-wrap items-center gap-1.5">
            <span className="font-medium text-slate-900">{user.subscription.plan_name}</span>
            <SubscriptionStatusBadge status={user.subscription.status} />
          </span>
        ) : (
          <span className="text-slate-500">None</span>
        )}
      </td>
      <td className={`${tdClass} whitespace-nowrap`}>{formatDate(user.created_at)}</td>
      <td className={`${tdClass} text-right`}>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`View ${user.username}`}
          icon={<Eye aria-hidden="true" className="size-4" />}
          onClick={() => onView(user)}
        >
          View
        </Button>
      </td>
    </tr>
  );
}

/** The users tab. */
export function UsersPanel() {
  const { user: me } = useAuth();
  const { params, update } = useAdminParams();
  const filter: UsersFilter = {
    page: parsePage(params.get('page')),
    search: params.get('search') ?? '',
    status: parseChoice(params.get('status'), USER_STATUSES),
    role: parseChoice(params.get('role'), USER_ROLES),
  };
  const query = useQuery(adminUsersQueryOptions(filter));
  const [actionError, setActionError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<User | null>(null);
  const canChangeRole = me?.role === 'SUPER_ADMIN';
  const filtered = filter.search !== '' || filter.status !== '' || filter.role !== '';
  const users = query.data?.users ?? [];
  const pagination = query.data?.pagination;

  return (
    <section aria-labelledby="admin-users-heading">
      <Card className="min-w-0">
        <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
          <h2 id="admin-users-heading" className="text-base font-semibold text-slate-900">
            Users
          </h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_10rem_10rem]">
            <SearchInput
              label="Search users"
              placeholder="Username or email"
              value={filter.search}
              onSearch={(search) => update({ search }, { replace: true })}
            />
            <SelectField
              label="Status"
              value={filter.status}
              onChange={(event) => update({ status: event.target.value })}
            >
              <option value="">All statuses</option>
              {USER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {humanize(s)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Role"
              value={filter.role}
              onChange={(event) => update({ role: event.target.value })}
            >
              <option value="">All roles</option>
              {USER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {humanize(r)}
                </option>
              ))}
            </SelectField>
          </div>
        </div>
        {actionError ? (
          <div className="px-5 pt-4 sm:px-6">
            <Alert variant="error">{actionError}</Alert>
          </div>
        ) : null}
        {query.isPending ? (
          <Spinner label="Loading users…" />
        ) : query.isError ? (
          <ErrorState
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : users.length === 0 ? (
          <EmptyState
            icon={Users}
            title={filtered || filter.page > 1 ? 'No users found' : 'No users yet'}
            description={
              filtered ? 'No user matches these filters.' : 'Registered users will appear here.'
            }
            action={
              filtered || filter.page > 1 ? (
                <Button
                  variant="outline"
                  onClick={() => update({ search: null, status: null, role: null })}
                >
                  {filtered ? 'Clear filters' : 'Go to first page'}
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <div aria-busy={query.isPlaceholderData || undefined}>
              <AdminTable
                label="Users"
                minWidth="min-w-[56rem]"
                head={
                  <>
                    <th scope="col" className={thClass}>
                      Username
                    </th>
                    <th scope="col" className={thClass}>
                      Email
                    </th>
                    <th scope="col" className={thClass}>
                      Role
                    </th>
                    <th scope="col" className={thClass}>
                      Status
                    </th>
                    <th scope="col" className={thClass}>
                      Subscription
                    </th>
                    <th scope="col" className={thClass}>
                      Joined
                    </th>
                    <th scope="col" className={thClass}>
                      <span className="sr-only">Actions</span>
                    </th>
                  </>
                }
              >
                {users.map((u) => (
                  <UserRow
                    key={u.id}
                    user={u}
                    isSelf={u.id === me?.id}
                    canChangeRole={canChangeRole}
                    onError={setActionError}
                    onView={setViewing}
                  />
                ))}
              </AdminTable>
            </div>
            {pagination ? (
              <Pager
                label="Users pages"
                page={filter.page}
                totalPages={pagination.total_pages}
                total={pagination.total}
                noun="users"
                onPage={(page) => update({ page })}
              />
            ) : null}
          </>
        )}
      </Card>
      <UserDetailDialog
        userId={viewing?.id ?? null}
        username={viewing?.username ?? ''}
        onClose={() => setViewing(null)}
      />
    </section>
  );
}
