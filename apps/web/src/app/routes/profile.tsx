/** `/profile` (spec section 2): settings, account, subscription, security; or Access Denied. */
import { CLIENT_ERRORS } from '@flockr/contract';
import { AccessDenied } from '../../components/ui/access-denied';
import { Container, PageHeader } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { AccountInfoCard } from '../../features/profile/components/account-info-card';
import { NotificationsCard } from '../../features/profile/components/notifications-card';
import { ProfileSettingsCard } from '../../features/profile/components/profile-settings-card';
import { DangerZoneCard } from '../../features/profile/components/danger-zone-card';
import { SecurityCard } from '../../features/profile/components/security-card';
import { SubscriptionCard } from '../../features/profile/components/subscription-card';
import { useAuth } from '../../lib/auth';
import { withRedirect } from '../../lib/redirect';
import { useSiteConfig } from '../../lib/site-config';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The profile page. */
export default function ProfileRoute() {
  const { user, loading } = useAuth();
  const { config } = useSiteConfig();
  useDocumentTitle('Profile');
  return (
    <Container className="py-10 sm:py-14">
      {loading ? (
        <Spinner />
      ) : !user ? (
        <AccessDenied
          message={CLIENT_ERRORS.accessDenied.profile}
          actionLabel="Go to Login"
          actionTo={withRedirect('/login', '/profile')}
        />
      ) : (
        <>
          <PageHeader
            title="Profile"
            description="Manage your account, e-mails and subscription."
          />
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="space-y-6 lg:col-span-2">
              <ProfileSettingsCard key={user.id} user={user} />
              <NotificationsCard user={user} />
              <SecurityCard user={user} supportEmail={config?.support_email} />
              <DangerZoneCard />
            </div>
            <div className="space-y-6">
              <SubscriptionCard user={user} />
              <AccountInfoCard user={user} />
            </div>
          </div>
        </>
      )}
    </Container>
  );
}
