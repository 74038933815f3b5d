/**
 * Security section of /profile: Change Password and Update Email open their dialogs. The Danger
 * zone card (Delete Account) is rendered after it by the page.
 */
import { useState } from 'react';
import { KeyRound, Mail } from 'lucide-react';
import type { User } from '@flockr/contract';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { ChangePasswordDialog } from './change-password-dialog';
import { UpdateEmailDialog } from './update-email-dialog';

type Which = 'password' | 'email';

/** The card's buttons, each opening its dialog. */
const ACTIONS: ReadonlyArray<{ which: Which; label: string; Icon: typeof Mail }> = [
  { which: 'password', label: 'Change Password', Icon: KeyRound },
  { which: 'email', label: 'Update Email', Icon: Mail },
];

/** The Security card of `user`, with at most one of its dialogs open. */
export function SecurityCard({ user }: { user: User }) {
  const [open, setOpen] = useState<Which | null>(null);
  const close = () => setOpen(null);

  return (
    <Card>
      <CardHeader title="Security" description="Keep your account safe." />
      <div className="flex flex-wrap gap-3 px-5 py-5 sm:px-6">
        {ACTIONS.map(({ which, label, Icon }) => (
          <Button
            key={which}
            variant="outline"
            icon={<Icon aria-hidden="true" className="size-4" />}
            onClick={() => setOpen(which)}
          >
            {label}
          </Button>
        ))}
      </div>
      <ChangePasswordDialog open={open === 'password'} onClose={close} />
      <UpdateEmailDialog open={open === 'email'} onClose={close} currentEmail={user.email} />
    </Card>
  );
}
