/**
 * The page of an e-mail link (`/verify-email?token=` and `/confirm-email?token=`): the token from
 * the URL handed to the account feature's link status, inside the auth card.
 */
import { useSearchParams } from 'react-router';
import { Container } from '../components/ui/page';
import {
  EmailLinkStatus,
  type EmailLinkStatusProps,
} from '../features/account/components/email-link-status';
import { AuthCard } from '../features/auth/components/auth-card';
import { useDocumentTitle } from '../lib/use-document-title';

/** One e-mail link page: `title` heads the card, `documentTitle` names the tab. */
export function EmailLinkPage({
  title,
  documentTitle,
  ...status
}: Omit<EmailLinkStatusProps, 'token'> & { title: string; documentTitle: string }) {
  const [params] = useSearchParams();
  useDocumentTitle(documentTitle);
  return (
    <Container className="py-12 sm:py-16">
      <AuthCard title={title}>
        <EmailLinkStatus token={params.get('token')} {...status} />
      </AuthCard>
    </Container>
  );
}
