/**
 * The confirmations of the License card of /profile (docs/licenses.md): rotating the license key
 * (`POST /licenses/me/rotate`) and deactivating a device (`DELETE /licenses/me/devices/{id}`).
 * Each says what stops working and what to do next; a failure stays in the dialog with the
 * server's text. Loaded when one is opened (license-card.tsx).
 */
import type { LicenseDevice } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
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
    <Dialog
      open
      onClose={onClose}
      title="Rotate your license key?"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={rotate.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={rotate.isPending}
            onClick={() => rotate.mutate(undefined, { onSuccess: onRotated })}
          >
            Rotate key
          </Button>
        </>
      }
    >
      <p>
        The current key stops working at once. The program must then be activated again with the new
        key on each of your devices: open it and enter the new key when it asks.
      </p>
      <p>Your devices keep their seats. Rotate only if your key may have leaked.</p>
      {rotate.error ? <Alert variant="error">{rotate.error.message}</Alert> : null}
    </Dialog>
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
    <Dialog
      open
      onClose={onClose}
      title={`Deactivate ${device.name}?`}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={deactivate.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={deactivate.isPending}
            onClick={() => deactivate.mutate(device, { onSuccess: onDeactivated })}
          >
            Deactivate device
          </Button>
        </>
      }
    >
      <p>
        The program on <strong className="[overflow-wrap:anywhere]">{device.name}</strong> stops
        working at once, and its seat is freed for another device.
      </p>
      <p>To use the program there again later, activate it with your license key.</p>
      {deactivate.error ? <Alert variant="error">{deactivate.error.message}</Alert> : null}
    </Dialog>
  );
}
