/**
 * Security section of /profile: Change Password and Update Email open their dialogs, whose code
 * (with Radix Dialog) loads when one is opened. The Danger zone card (Delete Account) is rendered
 * after it by the page.
 */
import { lazy, Suspense, useState } from 'react';
import { KeyRound, Mail } from 'lucide-react';
import type { User } from '@flockr/contract';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';

/** The Change Password dialog, loaded when opened. */
const ChangePasswordDialog = lazy(() =>
  import('./change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

/** The Update Email dialog, loaded when opened. */
const UpdateEmailDialog = lazy(() =>
  import('./update-email-dialog').then((m) => ({ default: m.UpdateEmailDialog })),
);

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
      <Suspense fallback={null}>
        {open === 'password' ? <ChangePasswordDialog open onClose={close} /> : null}
        {open === 'email' ? (
          <UpdateEmailDialog open onClose={close} currentEmail={user.email} />
        ) : null}
      </Suspense>
    </Card>
  );
}
