/**
 * Slim banner under the site header for a signed-in user whose e-mail address is not confirmed,
 * with a Resend email button (`POST /auth/resend-verification`).
 */
import { useEffect, useId, useRef } from 'react';
import { MailWarning } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/page';
import { useSession } from '../../../lib/session';
import { useResendVerification } from '../api/email-confirmation';
import { verifyBannerText } from '../api/texts';

/**
 * The banner, or nothing when signed out or when the address is already confirmed. Resend email
 * toasts the server's answer ({@link useResendVerification}).
 */
export function VerificationBanner() {
  const { user } = useSession();
  const resend = useResendVerification();

  // The button disables itself while sending, which drops focus to <body>; give it back after.
  const buttonId = useId();
  const { isPending } = resend;
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !isPending && document.activeElement === document.body) {
      document.getElementById(buttonId)?.focus();
    }
    wasPending.current = isPending;
  }, [isPending, buttonId]);

  if (!user || user.email_verified) return null;
  return (
    <section aria-label="E-mail confirmation" className="border-b border-amber-200 bg-amber-50">
      <Container className="flex flex-col gap-2 py-2 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <p className="flex min-w-0 items-start gap-2 text-amber-900">
          <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 [overflow-wrap:anywhere]">{verifyBannerText(user.email)}</span>
        </p>
        <Button
          id={buttonId}
          size="sm"
          variant="outline"
          className="shrink-0 self-start sm:self-auto"
          loading={isPending}
          onClick={() => resend.mutate()}
        >
          Resend email
        </Button>
      </Container>
    </section>
  );
}
