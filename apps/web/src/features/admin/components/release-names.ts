/** Names of release channels and platforms as the admin panel shows them. */
import type { ReleaseChannel } from '@flockr/contract';

/** Names of the platforms (shared with the devices of a license: lib/platform-names.ts). */
export { PLATFORM_NAMES } from '../../../lib/platform-names';

/** Names of the release channels. */
export const CHANNEL_NAMES: Record<ReleaseChannel, string> = {
  stable: 'Stable',
  rc: 'Release candidate',
  beta: 'Beta',
  alpha: 'Alpha',
};
