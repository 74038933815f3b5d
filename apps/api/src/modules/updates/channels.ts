/**
 * Release channels as the update feeds read them (docs/updates.md "Releases, channels and artifacts"): the channel named
 * in a feed URL, the channel a feed serves a user, and the channels it includes. What a user's
 * subscription gives is subscriptions/access.ts.
 */
import { RELEASE_CHANNELS, channelIncludes, type ReleaseChannel } from '@flockr/contract';

/** The channel `name` in a feed URL (`latest` is electron-updater's name for stable), or null. */
export function parseChannel(name: string): ReleaseChannel | null {
  if (name === 'latest') return 'stable';
  return (RELEASE_CHANNELS as readonly string[]).includes(name) ? (name as ReleaseChannel) : null;
}

/**
 * The channel a feed serves: the one the updater asked for, but never beyond the user's own
 * choice on /profile (a stable user's app asking for beta gets stable). Pure.
 */
export function effectiveChannel(asked: ReleaseChannel, users: ReleaseChannel): ReleaseChannel {
  return channelIncludes(users, asked) ? asked : users;
}

/** The channels whose releases a user on `channel` is offered (stable ⊂ rc ⊂ beta ⊂ alpha). */
export function channelsUpTo(channel: ReleaseChannel): ReleaseChannel[] {
  return RELEASE_CHANNELS.filter((c) => channelIncludes(channel, c));
}
