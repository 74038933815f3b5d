/**
 * The e-mail confirmation banner's content (verification-banner.tsx loads it only for a user who
 * needs it): one compact row with a Resend email button (`POST /auth/resend-verification`), also
 * on phones (where it leaves out the address, so it stays one line), so it does not push the page
 * down.
 */
import { useEffect, useId, useRef } from 'react';
import { Loader2, MailWarning } from 'lucide-react';
import { Container } from '../../../components/ui/page';
import { useResendVerification } from '../api/email-confirmation';
import { VERIFY_BANNER_SHORT_TEXT, verifyBannerText } from '../api/texts';

/** The banner's small outline button: 32 px high, text the banner's size. */
const COMPACT_BUTTON =
  'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md border border-amber-300 bg-white px-2.5 ' +
  'font-semibold whitespace-nowrap text-amber-900 hover:bg-amber-100 focus-visible:outline-2 ' +
  'focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The banner for a user whose address `email` is not confirmed. Resend email toasts the server's
 * answer ({@link useResendVerification}).
 */
export function VerificationBannerContent({ email }: { email: string }) {
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

  return (
    <section aria-label="E-mail confirmation" className="border-b border-amber-200 bg-amber-50">
      <Container className="flex items-center justify-between gap-3 py-1.5 text-xs sm:gap-4 sm:text-sm">
        <p className="flex min-w-0 items-start gap-2 text-amber-900 sm:items-center">
          <MailWarning aria-hidden="true" className="mt-px size-4 shrink-0 sm:mt-0" />
          <span className="min-w-0 sm:hidden">{VERIFY_BANNER_SHORT_TEXT}</span>
          <span className="hidden min-w-0 [overflow-wrap:anywhere] sm:inline">
            {verifyBannerText(email)}
          </span>
        </p>
        <button
          type="button"
          id={buttonId}
          className={COMPACT_BUTTON}
          disabled={isPending}
          aria-busy={isPending || undefined}
          onClick={() => resend.mutate()}
        >
          {isPending ? <Loader2 aria-hidden="true" className="size-3.5 animate-spin" /> : null}
          Resend email
        </button>
      </Container>
    </section>
  );
}
