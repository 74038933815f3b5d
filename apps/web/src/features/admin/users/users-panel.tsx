/**
 * Users tab: search by username or email, filter by status and role, change a user's status
 * (after a confirmation saying what will happen) and, for SUPER_ADMIN, role from the row, and
 * open a user's detail. The server enforces who
 * may change whom (docs/decisions/004-admin-roles.md); its refusals show above the list.
 */
import { useId, useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Eye, Users } from 'lucide-react';
import {
  API_ERRORS,
  USER_ROLES,
  USER_SORT_COLUMNS,
  USER_STATUSES,
  type User,
} from '@flockr/contract';
import { useSignedInUser } from '../../../lib/signed-in-user';
import type { ApiError } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { SubscriptionStatusBadge } from '../../../components/ui/status-badges';
import { formatDate, humanize } from '../../../lib/format';
import { useServerCsv } from '../kit/api/export';
import { latestError } from '../kit/api/hooks';
import { useAdminUsers, useSetUserRole, useSetUserStatus } from './api/users';
import { AdminList } from '../kit/admin-list';
import { inlineSelectClass, tdClass } from '../kit/admin-table';
import { RoleBadge } from '../kit/badges';
import { choiceFilter, searchFilter, serverListFilters, useListParams } from '../kit/list-params';
import { UserDetailDialog } from './user-detail-dialog';
import { UserStatusConfirm, type PendingStatus } from './user-status-confirm';

/**
 * The users list's filters (URL parameters `search`, `status`, `role`), its sortable columns
 * (newest first by default) and the joining date range.
 */
const filters = serverListFilters(
  'sm:grid-cols-[1fr_10rem_10rem]',
  {
    search: searchFilter('Search users', 'Username or email'),
    status: choiceFilter('Status', 'All statuses', USER_STATUSES),
    role: choiceFilter('Role', 'All roles', USER_ROLES),
  },
  USER_SORT_COLUMNS,
  'Joined',
);

const columns = [
  { label: 'Username', sort: 'username' },
  { label: 'Email', sort: 'email' },
  { label: 'Role', sort: 'role' },
  { label: 'Status', sort: 'status' },
  'Subscription',
  { label: 'Joined', sort: 'created_at' },
  { label: 'Actions', hidden: true },
];

/** A change of one field of a user (status or role), by id. */
type UserChange<K extends 'status' | 'role'> = UseMutationResult<
  unknown,
  ApiError,
  { id: string } & Pick<User, K>
>;

/**
 * The select of `field` in `user`'s row, named '<Field> of <username>': it runs `change` on a
 * new choice and shows the chosen value while that runs (disabled meanwhile, and on your own row).
 */
function FieldSelect<K extends 'status' | 'role'>(props: {
  user: User;
  field: K;
  options: readonly User[K][];
  change: UserChange<K>;
  self: { hintId: string } | null;
  /** Runs instead of the change when given (the status asks for confirmation first). */
  onPick?: (value: User[K]) => void;
}) {
  const { user, field, change } = props;
  const busy = change.isPending && change.variables.id === user.id;
  return (
    <select
      aria-label={`${humanize(field)} of ${user.username}`}
      aria-describedby={props.self?.hintId}
      className={inlineSelectClass}
      value={busy ? change.variables[field] : user[field]}
      disabled={!!props.self || busy}
      onChange={(event) =>
        props.onPick
          ? props.onPick(event.target.value as User[K])
          : change.mutate({ id: user.id, [field]: event.target.value } as { id: string } & Pick<
              User,
              K
            >)
      }
    >
      {props.options.map((option) => (
        <option key={option} value={option}>
          {humanize(option)}
        </option>
      ))}
    </select>
  );
}

/** The row's controls: status and role changes, pending per user. */
interface RowActions {
  setStatus: UserChange<'status'>;
  setRole: UserChange<'role'>;
  canChangeRole: boolean;
  onView: (user: User) => void;
  /** Asks to confirm a status change. */
  onPickStatus: (pending: PendingStatus) => void;
}

/** One user row; nobody changes their own status or role, so their own row is disabled. */
function UserRow({ user, isSelf, actions }: { user: User; isSelf: boolean; actions: RowActions }) {
  const selfHintId = useId();
  const self = isSelf ? { hintId: selfHintId } : null;
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
        {actions.canChangeRole ? (
          <FieldSelect
            user={user}
            field="role"
            options={USER_ROLES}
            change={actions.setRole}
            self={self}
          />
        ) : (
          <RoleBadge role={user.role} />
        )}
      </td>
      <td className={tdClass}>
        <FieldSelect
          user={user}
          field="status"
          options={USER_STATUSES}
          change={actions.setStatus}
          self={self}
          onPick={(status) => actions.onPickStatus({ user, status })}
        />
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
          onClick={() => actions.onView(user)}
        >
          View
        </Button>
      </td>
    </tr>
  );
}

/** The users tab. */
export function UsersPanel() {
  const me = useSignedInUser();
  const params = useListParams(filters);
  const query = useAdminUsers(params.filter);
  const exporter = useServerCsv('GET /admin/users/export', params.filter, 'users');
  const setStatus = useSetUserStatus();
  const setRole = useSetUserRole();
  const [viewing, setViewing] = useState<User | null>(null);
  const [pending, setPending] = useState<PendingStatus | null>(null);
  const actions: RowActions = {
    setStatus,
    setRole,
    canChangeRole: me.role === 'SUPER_ADMIN',
    onView: setViewing,
    onPickStatus: setPending,
  };
  return (
    <>
      <AdminList
        title="Users"
        query={query}
        params={params}
        items={(data) => data.users}
        pager={{ label: 'Users pages', noun: 'users' }}
        exporter={exporter}
        table={{
          label: 'Users',
          columns,
          minWidth: 'min-w-[56rem]',
          row: (user) => <UserRow user={user} isSelf={user.id === me.id} actions={actions} />,
        }}
        loadingLabel="Loading users…"
        error={latestError(setStatus, setRole)?.message}
        empty={{
          icon: Users,
          title: 'No users yet',
          description: 'Registered users will appear here.',
          noMatchTitle: 'No users found',
          noMatchDescription: 'No user matches these filters.',
        }}
      />
      <UserStatusConfirm
        pending={pending}
        busy={setStatus.isPending}
        onClose={() => setPending(null)}
        onConfirm={({ user, status }) =>
          setStatus.mutate({ id: user.id, status }, { onSettled: () => setPending(null) })
        }
      />
      <UserDetailDialog
        userId={viewing?.id ?? null}
        username={viewing?.username ?? ''}
        onClose={() => setViewing(null)}
      />
    </>
  );
}
