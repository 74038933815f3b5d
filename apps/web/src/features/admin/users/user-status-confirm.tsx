/**
 * Confirmation of a user status change (README "Admins"): says what will happen, from the
 * server's preview, before anything changes; Confirm makes the change, Cancel leaves it.
 */
import type { User, UserStatus } from '@flockr/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { humanize } from '../../../lib/format';
import { useUserStatusPreview } from './api/users';
import { StatusPreviewView } from '../kit/status-preview';

/** The status change waiting for confirmation. */
export interface PendingStatus {
  user: User;
  status: UserStatus;
}

/**
 * The dialog for `pending` (closed while null). `onConfirm` runs the change; `busy` while it
 * runs. A change the server would refuse cannot be confirmed.
 */
export function UserStatusConfirm({
  pending,
  busy,
  onConfirm,
  onClose,
}: {
  pending: PendingStatus | null;
  busy: boolean;
  onConfirm: (pending: PendingStatus) => void;
  onClose: () => void;
}) {
  const preview = useUserStatusPreview(
    pending ? { id: pending.user.id, status: pending.status } : null,
  );
  const allowed = preview.data?.preview.allowed ?? false;
  const verb =
    pending?.status === 'SUSPENDED'
      ? 'Suspend'
      : pending?.status === 'INACTIVE'
        ? 'Deactivate'
        : 'Reactivate';
  return (
    <ConfirmDialog
      open={pending !== null}
      title={pending ? `${verb} ${pending.user.username}?` : ''}
      confirmLabel={pending ? `${verb} ${pending.user.username}` : 'Confirm'}
      confirmVariant={pending?.status === 'ACTIVE' ? 'primary' : 'danger'}
      busy={busy}
      disabled={!allowed}
      onClose={onClose}
      onConfirm={() => pending && onConfirm(pending)}
    >
      {pending ? (
        <>
          <p>
            Status: {humanize(pending.user.status)} → <strong>{humanize(pending.status)}</strong>
          </p>
          <StatusPreviewView query={preview} />
        </>
      ) : null}
    </ConfirmDialog>
  );
}
