/** E-mail preferences saved with PUT /user/notifications as soon as a switch is flipped. */
import { useState } from 'react';
import { toast } from 'sonner';
import { errorText, type UpdateNotificationsRequest, type User } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Card, CardHeader } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { useAuth } from '../../../lib/auth';
import { PROFILE_ERRORS, updateNotifications } from '../api/profile';

type Key = keyof Required<UpdateNotificationsRequest>;

/** Two switches: product e-mails (`notifications_enabled`) and marketing (`marketing_emails`). */
export function NotificationsCard({ user }: { user: User }) {
  const { updateUser } = useAuth();
  const [saving, setSaving] = useState<Key | null>(null);
  const [optimistic, setOptimistic] = useState<Partial<Record<Key, boolean>>>({});
  const [error, setError] = useState<string | null>(null);

  const save = async (key: Key, value: boolean) => {
    setError(null);
    setSaving(key);
    setOptimistic((o) => ({ ...o, [key]: value }));
    try {
      const { user: saved } = await updateNotifications({ [key]: value });
      updateUser(saved);
      toast.success('Notification settings saved');
    } catch (err) {
      setError(errorText(undefined, err as Error, PROFILE_ERRORS.updateNotifications));
    } finally {
      setOptimistic((o) => {
        const { [key]: _dropped, ...rest } = o;
        return rest;
      });
      setSaving(null);
    }
  };

  const value = (key: Key) => optimistic[key] ?? user[key];

  return (
    <Card>
      <CardHeader title="Notifications" description="Choose which e-mails you receive." />
      <div className="space-y-5 px-5 py-5 sm:px-6">
        <Switch
          label="Product updates"
          description="E-mails about new versions, subscription reminders and account notices."
          checked={value('notifications_enabled')}
          disabled={saving !== null}
          onChange={(v) => void save('notifications_enabled', v)}
        />
        <Switch
          label="Marketing offers"
          description="E-mails with tips, offers and promotions. Unsubscribe at any time."
          checked={value('marketing_emails')}
          disabled={saving !== null}
          onChange={(v) => void save('marketing_emails', v)}
        />
        {error ? <Alert variant="error">{error}</Alert> : null}
      </div>
    </Card>
  );
}
