/**
 * Test data of the Updates card, parsed by the contract's schema when made, so a fixture cannot
 * hold something the server would never send.
 */
import { myUpdatesResponseSchema, type MyUpdatesResponse } from '@flockr/contract';

/** A feed token as the server makes them: `flf_` and 46 base64url characters. */
export const FEED_TOKEN = 'flf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefWXYZ';

/** The feed URLs of `token` on http://localhost:3000. */
export function feedUrls(token: string): MyUpdatesResponse['feeds'] {
  const base = `http://localhost:3000/api/v1/updates/t/${token}`;
  return {
    electron: `${base}/electron`,
    squirrel_mac: `${base}/squirrel-mac/stable/{arch}/{version}`,
    squirrel_windows: `${base}/squirrel-win/stable`,
    tauri: `${base}/tauri/stable/{{target}}/{{arch}}/{{current_version}}`,
    velopack: `${base}/velopack`,
    sparkle: `${base}/sparkle/stable/appcast.xml`,
  };
}

/** `GET /updates/me` of a subscriber on the stable channel with access to every release. */
export function makeMyUpdates(overrides: Partial<MyUpdatesResponse> = {}): MyUpdatesResponse {
  const token = overrides.feed_token ?? FEED_TOKEN;
  return myUpdatesResponseSchema.parse({
    channel: 'stable',
    feed_token: token,
    feeds: feedUrls(token),
    access: { kind: 'all', until: null, reason: null },
    ...overrides,
  });
}
