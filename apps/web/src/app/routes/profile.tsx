/**
 * `/profile` (requirements §2): settings, account, subscription, license (key and devices),
 * updates (release channel and feed token), security (signed-in users; see guards.tsx). Wide
 * screens: settings, license, updates, e-mails, security and the danger zone on the left, the
 * subscription and account info beside them. One column (phones, narrow windows): the current
 * subscription first, then the license and updates, and the danger zone last, in reading order.
 */
import { useSignedInUser } from '../../lib/signed-in-user';
import { Container, PageHeader } from '../../components/ui/page';
import { AccountInfoCard } from '../../features/profile/components/account-info-card';
import { NotificationsCard } from '../../features/profile/components/notifications-card';
import { ProfileSettingsCard } from '../../features/profile/components/profile-settings-card';
import { LicenseCard } from '../../features/profile/components/license-card';
import { DangerZoneCard } from '../../features/profile/components/danger-zone-card';
import { SecurityCard } from '../../features/profile/components/security-card';
import { SubscriptionCard } from '../../features/profile/components/subscription-card';
import { UpdatesCard } from '../../features/profile/components/updates-card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMediaQuery } from '../../lib/use-media-query';

/** Below Tailwind's `lg` (1024 px) the profile is one column. */
export const PROFILE_ONE_COLUMN_QUERY = '(max-width: 1023.98px)';

/** The profile page of the signed-in user (from the route's guard, app/guards.tsx). */
export default function ProfileRoute() {
  const user = useSignedInUser();
  const oneColumn = useMediaQuery(PROFILE_ONE_COLUMN_QUERY);
  useDocumentTitle('Profile');
  const settings = <ProfileSettingsCard key={user.id} user={user} />;
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Profile" description="Manage your account, e-mails and subscription." />
      {oneColumn ? (
        <div className="space-y-6">
          <SubscriptionCard user={user} />
          <LicenseCard />
          <UpdatesCard />
          {settings}
          <NotificationsCard user={user} />
          <SecurityCard user={user} />
          <AccountInfoCard user={user} />
          <DangerZoneCard />
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            {settings}
            <LicenseCard />
            <UpdatesCard />
            <NotificationsCard user={user} />
            <SecurityCard user={user} />
            <DangerZoneCard />
          </div>
          <div className="space-y-6">
            <SubscriptionCard user={user} />
            <AccountInfoCard user={user} />
          </div>
        </div>
      )}
    </Container>
  );
}
