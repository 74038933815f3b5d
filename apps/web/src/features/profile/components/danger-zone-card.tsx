/**
 * Danger zone of /profile: Delete Account opens a confirmation dialog that explains what happens
 * and asks for the password, then calls `DELETE /user/account`. The dialog (with Radix Dialog)
 * loads when it is opened.
 */
import { lazy, Suspense, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';

/** The confirmation dialog, loaded when opened. */
const DeleteAccountDialog = lazy(() =>
  import('./delete-account-dialog').then((m) => ({ default: m.DeleteAccountDialog })),
);

/** The card with the Delete Account button and its confirmation dialog. */
export function DangerZoneCard() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Card className="border-red-200!">
      <CardHeader
        title="Danger zone"
        description="Deleting your account is permanent and cannot be undone."
      />
      <div className="px-5 py-5 sm:px-6">
        <Button
          variant="danger"
          icon={<Trash2 aria-hidden="true" className="size-4" />}
          onClick={() => setOpen(true)}
        >
          Delete Account
        </Button>
      </div>
      {open ? (
        <Suspense fallback={null}>
          <DeleteAccountDialog onClose={close} />
        </Suspense>
      ) : null}
    </Card>
  );
}
