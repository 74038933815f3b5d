/**
 * Update Email dialog of the Security card: new address and current password, posted to
 * `POST /auth/change-email`. The address changes only once the e-mailed link is opened, so on
 * success the dialog shows the server's message instead of the form.
 */
import { changeEmailRequestSchema } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CurrentPasswordField, EmailField } from '../../../components/ui/credential-fields';
import { useRequestEmailChange } from '../api/account';
import { DialogForm } from './dialog-form';
import { useOnSubmitForm } from '../../../lib/form-field';

/**
 * The dialog while `open`, showing `currentEmail` for reference; `onClose` runs on Cancel,
 * Escape and Done. Its form is rebuilt each time it opens.
 */
export function UpdateEmailDialog({
  open,
  onClose,
  currentEmail,
}: {
  open: boolean;
  onClose: () => void;
  currentEmail: string;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Update Email">
      <UpdateEmailForm onClose={onClose} currentEmail={currentEmail} />
    </Dialog>
  );
}

/** The form inside {@link UpdateEmailDialog}, or the server's message once sent. */
function UpdateEmailForm({ onClose, currentEmail }: { onClose: () => void; currentEmail: string }) {
  const requestChange = useRequestEmailChange();
  const { form, field } = useOnSubmitForm(changeEmailRequestSchema, {
    new_email: '',
    password: '',
  });
  const { handleSubmit } = form;
  const onSubmit = handleSubmit((values) => requestChange.mutate(values));

  if (requestChange.data) {
    return (
      <div className="space-y-4">
        <Alert variant="success">{requestChange.data.message}</Alert>
        <div className="flex justify-end pt-2">
          {/* The form (and its focused button) is gone: start keyboard users here. */}
          <Button onClick={onClose} autoFocus>
            Done
          </Button>
        </div>
      </div>
    );
  }

  return (
    <DialogForm
      label="Update email"
      onSubmit={onSubmit}
      onCancel={onClose}
      submitLabel="Send confirmation link"
      pending={requestChange.isPending}
      error={requestChange.error}
    >
      <p>
        Your address is <strong className="break-all text-slate-900">{currentEmail}</strong>. We
        will send a confirmation link to the new address; it changes when you open that link.
      </p>
      <EmailField label="New email" {...field('new_email')} />
      <CurrentPasswordField label="Current password" {...field('password')} />
    </DialogForm>
  );
}
