/** `/profile` (spec section 2): settings, account, subscription, security (signed-in users; see guards.tsx). */
import { useSignedInUser } from '../guards';
import { Container, PageHeader } from '../../components/ui/page';
import { AccountInfoCard } from '../../features/profile/components/account-info-card';
import { NotificationsCard } from '../../features/profile/components/notifications-card';
import { ProfileSettingsCard } from '../../features/profile/components/profile-settings-card';
import { DangerZoneCard } from '../../features/profile/components/danger-zone-card';
import { SecurityCard } from '../../features/profile/components/security-card';
import { SubscriptionCard } from '../../features/profile/components/subscription-card';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The profile page of the signed-in user (from the route's guard, app/guards.tsx). */
export default function ProfileRoute() {
  const user = useSignedInUser();
  useDocumentTitle('Profile');
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Profile" description="Manage your account, e-mails and subscription." />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ProfileSettingsCard key={user.id} user={user} />
          <NotificationsCard user={user} />
          <SecurityCard user={user} />
          <DangerZoneCard />
        </div>
        <div className="space-y-6">
          <SubscriptionCard user={user} />
          <AccountInfoCard user={user} />
        </div>
      </div>
    </Container>
  );
}
