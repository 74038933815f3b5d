/** Security section: Change Password and Update Email open a dialog explaining what comes next. */
import { useState } from 'react';
import { Link } from 'react-router';
import { KeyRound, Mail } from 'lucide-react';
import type { User } from '@flockr/contract';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';

type Which = 'password' | 'email' | null;

/** The two buttons and their explanatory dialogs. */
export function SecurityCard({ user, supportEmail }: { user: User; supportEmail?: string }) {
  const [open, setOpen] = useState<Which>(null);
  const close = () => setOpen(null);

  return (
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

      <Dialog
        open={open === 'password'}
        onClose={close}
        title="Change Password"
        footer={<Button onClick={close}>Got it</Button>}
      >
        <p>
          Changing your password from this page is coming soon: we will e-mail you a secure link at{' '}
          <strong className="text-slate-900">{user.email}</strong> to set a new password.
        </p>
        <p>
          Until then you can use{' '}
          <Link
            to="/forgot-password"
            className="font-medium text-brand-700 underline underline-offset-2"
            onClick={close}
          >
            Forgot password
          </Link>{' '}
          to receive a reset link.
        </p>
      </Dialog>

      <Dialog
        open={open === 'email'}
        onClose={close}
        title="Update Email"
        footer={<Button onClick={close}>Got it</Button>}
      >
        <p>
          Updating your email is coming soon: we will e-mail a confirmation link to your new address
          and switch your account to it once you confirm.
        </p>
        {supportEmail ? (
          <p>
            Need it changed sooner? Write to{' '}
            <a
              href={`mailto:${supportEmail}`}
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              {supportEmail}
            </a>{' '}
            from your current address.
          </p>
        ) : null}
      </Dialog>
    </Card>
  );
}
