/**
 * The landing page's hint under the hero buttons that a plan unlocks the download, so Download
 * Now never surprises (the server answers 403 without an active plan, requirements §6). Signed out:
 * an account and a plan unlock it. Signed in without an active plan: choose a plan, with a link.
 * With an active plan: nothing.
 */
import { Link } from 'react-router';
import { KeyRound } from 'lucide-react';

/** Text for a visitor who is signed out. */
export const HINT_SIGNED_OUT = 'Create a free account, then choose a plan to unlock the download.';
/** Text for a signed-in user without an active plan (the link "View Plans" follows). */
export const HINT_NO_PLAN = 'Downloading the app needs an active plan.';

/** The hint, or nothing for a subscriber. */
export function DownloadHint({ signedIn, hasPlan }: { signedIn: boolean; hasPlan: boolean }) {
  if (signedIn && hasPlan) return null;
  return (
    <p className="mx-auto mt-5 max-w-xl text-sm text-slate-700">
      <KeyRound
        aria-hidden="true"
        className="mr-1.5 inline-block size-4 -translate-y-px align-middle text-brand-700"
      />
      <span>
        {signedIn ? (
          <>
            {HINT_NO_PLAN}{' '}
            <Link
              to="/plans"
              className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              View Plans
            </Link>
          </>
        ) : (
          HINT_SIGNED_OUT
        )}
      </span>
    </p>
  );
}
