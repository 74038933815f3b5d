/**
 * Test data, each value parsed by its contract schema when made, so a fixture cannot hold
 * something the server would never send.
 */
import {
  changelogEntrySchema,
  downloadBuildSchema,
  downloadVersionSchema,
  orderSchema,
  planSchema,
  siteConfigSchema,
  userSchema,
  type ChangelogEntry,
  type DownloadBuild,
  type DownloadVersion,
  type Order,
  type Plan,
  type SiteConfig,
  type User,
} from '@flockr/contract';

/** A signed-in USER with no subscription. */
export function makeUser(overrides: Partial<User> = {}): User {
  return userSchema.parse({
    id: '4f1c2d3e-1111-4a2b-8c3d-0123456789ab',
    username: 'alice',
    email: 'alice@example.com',
    role: 'USER',
    status: 'ACTIVE',
    country: null,
    notifications_enabled: true,
    marketing_emails: false,
    email_verified: true,
    created_at: '2026-01-15T10:00:00.000Z',
    subscription: null,
    ...overrides,
  });
}

/**
 * The site configuration the API serves by default: a live site (no test-mode banner; the
 * banner's tests serve `payments_mode: 'test'`).
 */
export const siteConfig: SiteConfig = siteConfigSchema.parse({
  product_name: 'Flockr',
  support_email: 'support@flockr.example',
  email_support_enabled: true,
  discord_enabled: false,
  telegram_enabled: false,
  phone_enabled: false,
  legal_jurisdiction: 'the State of Delaware, United States',
  payment_provider: 'stripe',
  seller: {
    legal_name: 'Flockr Software LLC',
    address: '1 Example Street, Wilmington, DE 19801, United States',
    support_email: 'support@flockr.example',
  },
  prices_include_tax: true,
  payments_mode: 'live',
});

/** A plan; PRO by default (19.99 / 199.99 USD). */
export function makePlan(overrides: Partial<Plan> = {}): Plan {
  return planSchema.parse({
    id: '9a8b7c6d-2222-4e5f-9a0b-abcdefabcdef',
    name: 'PRO',
    description: 'For creators growing one or a few accounts.',
    monthly_price: 19.99,
    yearly_price: 199.99,
    currency: 'USD',
    features: ['5 Twitter accounts', '500 daily actions', 'Email support'],
    is_active: true,
    yearly_discount_percentage: 17,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}

/** An order, live, PENDING and payable by default. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return orderSchema.parse({
    id: '11111111-2222-4333-8444-a1b2c3d4e5f6',
    user_id: '4f1c2d3e-1111-4a2b-8c3d-0123456789ab',
    plan_id: '9a8b7c6d-2222-4e5f-9a0b-abcdefabcdef',
    plan_name: 'PRO',
    duration_months: 1,
    amount: 19.99,
    currency: 'USD',
    status: 'PENDING',
    created_at: '2026-11-20T10:00:00.000Z',
    expires_at: '2099-01-01T00:00:00.000Z',
    completed_at: null,
    payment_url: 'http://localhost:3000/sandbox/checkout/sess_123',
    qr_code_url: 'http://localhost:3000/api/v1/payments/qr/sess_123.png',
    livemode: true,
    ...overrides,
  });
}

/** A published changelog entry. */
export function makeEntry(overrides: Partial<ChangelogEntry> = {}): ChangelogEntry {
  return changelogEntrySchema.parse({
    id: '22222222-3333-4444-8555-666666666666',
    version: '1.2.0',
    title: 'Faster targeting',
    changes: '## Improvements\n\n- Targeting is **twice** as fast',
    changes_summary: 'Improvements',
    release_date: '2026-11-01',
    is_published: true,
    view_count: 0,
    created_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  });
}

/** A build of version `version` for `platform`/`arch`/`kind` (platform null: every computer). */
export function makeBuild(
  version: string,
  build: Pick<DownloadBuild, 'platform' | 'arch' | 'kind'> & Partial<DownloadBuild>,
): DownloadBuild {
  const ext = {
    installer: 'exe',
    dmg: 'dmg',
    appimage: 'AppImage',
    deb: 'deb',
    rpm: 'rpm',
    zip: 'zip',
    archive: 'tar.gz',
  }[build.kind];
  const seed = `${version}${build.platform ?? 'any'}${build.arch ?? ''}${build.kind}`;
  let hash = 0;
  for (const c of seed) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return downloadBuildSchema.parse({
    id: `00000000-0000-4000-8000-${hash.toString(16).padStart(12, '0').slice(-12)}`,
    filename: build.platform
      ? `flockr-${version}-${build.platform}-${build.arch}.${ext}`
      : `flockr-v${version}.zip`,
    file_size: 1_572_864,
    file_size_formatted: '1.6 MB',
    sha256: 'a'.repeat(64),
    ...build,
  });
}

/**
 * A version as `GET /downloads/versions` lists it: by default a Windows installer, a macOS disk
 * image and a Linux AppImage, the Windows one recommended (the computer of `WINDOWS_COMPUTER`).
 */
export function makeDownloadVersion(
  version: string,
  overrides: Partial<DownloadVersion> = {},
): DownloadVersion {
  const builds = overrides.builds ?? [
    makeBuild(version, { platform: 'windows', arch: 'x64', kind: 'installer' }),
    makeBuild(version, { platform: 'macos', arch: 'universal', kind: 'dmg' }),
    makeBuild(version, { platform: 'linux', arch: 'x64', kind: 'appimage' }),
  ];
  const first = builds[0]!;
  return downloadVersionSchema.parse({
    id: `00000000-0000-4000-8000-00000000${version.replace(/\./g, '').padStart(4, '0')}`,
    version,
    filename: first.filename,
    file_size: first.file_size,
    file_size_formatted: first.file_size_formatted,
    sha256: first.sha256,
    release_date: '2026-11-01',
    is_active: true,
    notes: { title: `Notes of ${version}`, summary: `What changed in ${version}` },
    builds,
    recommended_build_id: first.id,
    ...overrides,
  });
}

/** The computer of a Windows x64 browser, as `GET /downloads/versions` reads it. */
export const WINDOWS_COMPUTER = { platform: 'windows', arch: 'x64', mobile: false } as const;
