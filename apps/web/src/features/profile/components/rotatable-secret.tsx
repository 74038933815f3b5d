/**
 * A secret of /profile the user copies into their program (the license key, docs/licenses.md;
 * the feed token, docs/updates.md): masked, with Show, Copy and Rotate. Rotate opens its
 * confirmation, loaded when first opened; after a rotation the new secret is shown, since it
 * must go into the program.
 */
import { Suspense, useState, type ComponentProps, type ComponentType } from 'react';
import { MaskedSecret } from '../../../components/ui/masked-secret';

/** What a rotation's confirmation takes: Cancel, and the rotation done. */
interface RotateDialogProps {
  onClose: () => void;
  onRotated: () => void;
}

/**
 * The secret (MaskedSecret's `label`, `what`, `value`, `hint`, kept characters), unmasked while
 * `shown` (`onShownChange` changes it), with `dialog` as Rotate's confirmation (a lazy component).
 */
export function RotatableSecret({
  shown,
  onShownChange,
  dialog: RotateDialog,
  ...secret
}: Omit<ComponentProps<typeof MaskedSecret>, 'shown' | 'onToggle' | 'onRotate'> & {
  shown: boolean;
  onShownChange: (shown: boolean) => void;
  dialog: ComponentType<RotateDialogProps>;
}) {
  const [rotating, setRotating] = useState(false);
  return (
    <>
      <MaskedSecret
        {...secret}
        shown={shown}
        onToggle={() => onShownChange(!shown)}
        onRotate={() => setRotating(true)}
      />
      {rotating ? (
        <Suspense fallback={null}>
          <RotateDialog
            onClose={() => setRotating(false)}
            onRotated={() => {
              setRotating(false);
              onShownChange(true);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
