/**
 * Account information: read-only e-mail (requirements §5; changed with Update Email under
 * Security), status, member-since date, and the role for admins only (a customer's "User" role
 * tells them nothing).
 */
import { isAdminRole, type User } from '@flockr/contract';
import { Card, CardHeader } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { formatDate, humanize } from '../../../lib/format';

/** The account card. */
export function AccountInfoCard({ user }: { user: User }) {
  return (
    <Card>
      <CardHeader title="Account Information" />
      <div className="space-y-5 px-5 py-5 sm:px-6">
        <TextField
          label="Email"
          type="email"
          value={user.email}
          readOnly
          hint="Your email is used to sign in. To change it, use Update Email under Security."
        />
        <dl className="grid grid-cols-2 gap-4 text-sm">
          {isAdminRole(user.role) ? (
            <div>
              <dt className="text-slate-500">Role</dt>
              <dd className="mt-0.5 font-medium text-slate-900">{humanize(user.role)}</dd>
            </div>
          ) : null}
          <div>
            <dt className="text-slate-500">Status</dt>
            <dd className="mt-0.5 font-medium text-slate-900">{humanize(user.status)}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-slate-500">Member since</dt>
            <dd className="mt-0.5 font-medium text-slate-900">{formatDate(user.created_at)}</dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}
