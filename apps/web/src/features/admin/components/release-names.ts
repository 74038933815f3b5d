/** Names of release channels and platforms as the admin panel shows them. */
import type { Platform, ReleaseChannel } from '@flockr/contract';

/** Names of the release channels. */
export const CHANNEL_NAMES: Record<ReleaseChannel, string> = {
  stable: 'Stable',
  rc: 'Release candidate',
  beta: 'Beta',
  alpha: 'Alpha',
};

/** Names of the platforms. */
export const PLATFORM_NAMES: Record<Platform, string> = {
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
};
