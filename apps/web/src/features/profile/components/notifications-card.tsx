/** E-mail preferences saved with PUT /user/notifications as soon as a switch is flipped. */
import type { UpdateNotificationsRequest, User } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Card, CardHeader } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { useUpdateNotifications } from '../api/profile';

type Key = keyof Required<UpdateNotificationsRequest>;

/** The two switches of the card, in order. */
const SWITCHES: ReadonlyArray<{ key: Key; label: string; description: string }> = [
  {
    key: 'notifications_enabled',
    label: 'Product updates',
    description: 'E-mails about new versions, subscription reminders and account notices.',
  },
  {
    key: 'marketing_emails',
    label: 'Marketing offers',
    description: 'E-mails with tips, offers and promotions. Unsubscribe at any time.',
  },
];

/**
 * Two switches for `user`'s preferences: product e-mails (`notifications_enabled`) and marketing
 * (`marketing_emails`). A flipped switch shows its new value while it is saved, and both are
 * disabled meanwhile; a failure puts it back and shows the server's error.
 */
export function NotificationsCard({ user }: { user: User }) {
  const update = useUpdateNotifications();
  const saving = update.isPending ? update.variables : undefined;
  const value = (key: Key) => saving?.[key] ?? user[key];

  return (
    <Card>
      <CardHeader title="Notifications" description="Choose which e-mails you receive." />
      <div className="space-y-5 px-5 py-5 sm:px-6">
        {SWITCHES.map(({ key, label, description }) => (
          <Switch
            key={key}
            label={label}
            description={description}
            checked={value(key)}
            disabled={update.isPending}
            onChange={(checked) => update.mutate({ [key]: checked })}
          />
        ))}
        {update.error ? <Alert variant="error">{update.error.message}</Alert> : null}
      </div>
    </Card>
  );
}
