/** Names of the platforms the program runs on, as every screen shows them. */
import type { Platform } from '@flockr/contract';

/** Names of the platforms (contract `PLATFORMS`). */
export const PLATFORM_NAMES: Record<Platform, string> = {
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
};
