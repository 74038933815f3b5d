/**
 * The confirmation of a feed token rotation (the Updates card of /profile): what stops working
 * and what to do next, then `POST /updates/me/feed-token`. Loaded when opened (updates-card.tsx).
 */
import { MutationConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useRotateFeedToken } from '../api/updates';

/**
 * The open dialog; `onClose` runs on Cancel, Escape and a click outside, `onRotated` once the new
 * token is in (the card then shows it). A failure stays in the dialog with the server's text.
 */
export function RotateFeedTokenDialog({
  onClose,
  onRotated,
}: {
  onClose: () => void;
  onRotated: () => void;
}) {
  const rotate = useRotateFeedToken();
  return (
    <MutationConfirmDialog
      title="Rotate your feed token?"
      confirmLabel="Rotate token"
      mutation={rotate}
      onDone={onRotated}
      onClose={onClose}
    >
      <p>
        The current token stops working at once. Every installed program that uses it, or one of
        your feed URLs, stops getting updates until you give it the new token.
      </p>
      <p>After rotating, copy the new token or feed URL into each of your installed programs.</p>
    </MutationConfirmDialog>
  );
}
