/** Names of release channels and platforms as the admin panel shows them. */
import type { ReleaseChannel } from '@flockr/contract';

/** Names of the platforms (the contract's, as the download centre and e-mails say them). */
export { PLATFORM_NAMES } from '@flockr/contract';

/** Names of the release channels. */
export const CHANNEL_NAMES: Record<ReleaseChannel, string> = {
  stable: 'Stable',
  rc: 'Release candidate',
  beta: 'Beta',
  alpha: 'Alpha',
};
