/**
 * The confirmations of the License card of /profile (docs/licenses.md): rotating the license key
 * (`POST /licenses/me/rotate`) and deactivating a device (`DELETE /licenses/me/devices/{id}`).
 * Each says what stops working and what to do next; a failure stays in the dialog with the
 * server's text. Loaded when one is opened (license-card.tsx).
 */
import type { LicenseDevice } from '@flockr/contract';
import { MutationConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeactivateDevice, useRotateLicenseKey } from '../api/licenses';

/**
 * The rotation's confirmation; `onClose` runs on Cancel, Escape and a click outside, `onRotated`
 * once the new key is in (the card then shows it, ready to copy).
 */
export function RotateLicenseKeyDialog({
  onClose,
  onRotated,
}: {
  onClose: () => void;
  onRotated: () => void;
}) {
  const rotate = useRotateLicenseKey();
  return (
    <MutationConfirmDialog
      title="Rotate your license key?"
      confirmLabel="Rotate key"
      mutation={rotate}
      onDone={onRotated}
      onClose={onClose}
    >
      <p>
        The current key stops working at once. The program must then be activated again with the new
        key on each of your devices: open it and enter the new key when it asks.
      </p>
      <p>Your devices keep their seats. Rotate only if your key may have leaked.</p>
    </MutationConfirmDialog>
  );
}

/**
 * The confirmation of deactivating `device`; `onClose` runs on Cancel, Escape and a click
 * outside, `onDeactivated` once its seat is free.
 */
export function DeactivateDeviceDialog({
  device,
  onClose,
  onDeactivated,
}: {
  device: LicenseDevice;
  onClose: () => void;
  onDeactivated: () => void;
}) {
  const deactivate = useDeactivateDevice();
  return (
    <MutationConfirmDialog
      title={`Deactivate ${device.name}?`}
      confirmLabel="Deactivate device"
      mutation={deactivate}
      variables={device}
      onDone={onDeactivated}
      onClose={onClose}
    >
      <p>
        The program on <strong className="[overflow-wrap:anywhere]">{device.name}</strong> stops
        working at once, and its seat is freed for another device.
      </p>
      <p>To use the program there again later, activate it with your license key.</p>
    </MutationConfirmDialog>
  );
}
