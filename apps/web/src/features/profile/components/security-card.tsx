/**
 * Security section of /profile: Change Password and Update Email open their dialogs. The Danger
 * zone card (Delete Account) is rendered right after it, as a sibling in the same column.
 */
import { useState } from 'react';
import { KeyRound, Mail } from 'lucide-react';
import type { User } from '@flockr/contract';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { ChangePasswordDialog } from './change-password-dialog';
import { UpdateEmailDialog } from './update-email-dialog';

type Which = 'password' | 'email' | null;

/**
 * The Security card and, below it, the Danger zone card. `supportEmail` is accepted for the
 * profile route's existing call and no longer used (the dialogs now do the work themselves).
 */
export function SecurityCard({ user }: { user: User; supportEmail?: string }) {
  const [open, setOpen] = useState<Which>(null);
  const close = () => setOpen(null);

  return (
    <>
      <Card>
        <CardHeader title="Security" description="Keep your account safe." />
        <div className="flex flex-wrap gap-3 px-5 py-5 sm:px-6">
          <Button
            variant="outline"
            icon={<KeyRound aria-hidden="true" className="size-4" />}
            onClick={() => setOpen('password')}
          >
            Change Password
          </Button>
          <Button
            variant="outline"
            icon={<Mail aria-hidden="true" className="size-4" />}
            onClick={() => setOpen('email')}
          >
            Update Email
          </Button>
        </div>
        <ChangePasswordDialog open={open === 'password'} onClose={close} />
        <UpdateEmailDialog open={open === 'email'} onClose={close} currentEmail={user.email} />
      </Card>
    </>
  );
}
