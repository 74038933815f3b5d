/**
 * Confirmation of a user status change (README "Admins"): says what will happen, from the
 * server's preview, before anything changes; Confirm makes the change, Cancel leaves it.
 */
import type { User, UserStatus } from '@flockr/contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { humanize } from '../../../lib/format';
import { useUserStatusPreview } from '../api/guardrails';
import { StatusPreviewView } from './status-preview';

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
    <Dialog
      open={pending !== null}
      onClose={onClose}
      title={pending ? `${verb} ${pending.user.username}?` : ''}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant={pending?.status === 'ACTIVE' ? 'primary' : 'danger'}
            disabled={!allowed}
            loading={busy}
            onClick={() => pending && onConfirm(pending)}
          >
            {pending ? `${verb} ${pending.user.username}` : 'Confirm'}
          </Button>
        </>
      }
    >
      {pending ? (
        <>
          <p>
            Status: {humanize(pending.user.status)} → <strong>{humanize(pending.status)}</strong>
          </p>
          <StatusPreviewView query={preview} />
        </>
      ) : null}
    </Dialog>
  );
}
