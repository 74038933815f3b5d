/**
 * Test data of the releases (the Downloads tab), the API tokens and the adoption charts, each
 * parsed by its contract schema when made, so a fixture cannot hold something the server would
 * never send.
 */
import {
  adminArtifactSchema,
  adminReleaseDetailSchema,
  adoptionResponseSchema,
  apiTokenSchema,
  type AdminArtifact,
  type AdminReleaseDetail,
  type AdoptionResponse,
  type ApiToken,
} from '@flockr/contract';

/** A file of a release: the Windows x64 installer by default. */
export function makeArtifact(overrides: Partial<AdminArtifact> = {}): AdminArtifact {
  return adminArtifactSchema.parse({
    id: 'a0000000-0000-4000-8000-000000000001',
    filename: 'Flockr-Setup-2.1.0.exe',
    platform: 'windows',
    arch: 'x64',
    kind: 'installer',
    any_platform: false,
    file_size: 83_886_080,
    sha256: 'b'.repeat(64),
    sha512: null,
    has_signature: false,
    has_ed_signature: false,
    download_url: null,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

/** A release as the release manager lists it: 2.1.0 on stable, published, fully rolled out. */
export function makeReleaseDetail(overrides: Partial<AdminReleaseDetail> = {}): AdminReleaseDetail {
  return adminReleaseDetailSchema.parse({
    id: 'c0000000-0000-4000-8000-000000000001',
    version: '2.1.0',
    channel: 'stable',
    release_date: '2026-11-20',
    is_active: true,
    published_at: '2026-11-20T12:00:00.000Z',
    rollout_percentage: 100,
    yanked_at: null,
    yank_reason: null,
    minimum_system_version: null,
    archived_at: null,
    download_count: 1234,
    notes_title: 'Faster sync',
    artifacts: [makeArtifact()],
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

/**
 * A version as the spec's calls make it: a release on Stable at full rollout, published, with one
 * zip for every computer (by default 1.2.0 of Nov 1, 2026, stored here, 1.5 MB, 42 downloads);
 * `file` changes the zip.
 */
export function makeVersion(
  overrides: Partial<AdminReleaseDetail> = {},
  file: Partial<AdminArtifact> = {},
): AdminReleaseDetail {
  const version = overrides.version ?? '1.2.0';
  return makeReleaseDetail({
    id: '33333333-4444-4555-8666-777777777777',
    release_date: '2026-11-01',
    published_at: '2026-11-01T00:00:00.000Z',
    download_count: 42,
    notes_title: null,
    created_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
    version,
    artifacts: [
      makeArtifact({
        id: 'a0000000-0000-4000-8000-000000000100',
        filename: `flockr-${version}.zip`,
        kind: 'zip',
        any_platform: true,
        file_size: 1_572_864,
        sha256: 'ab'.repeat(32),
        created_at: '2026-11-01T00:00:00.000Z',
        ...file,
      }),
    ],
  });
}

/** An API token, in use and not revoked. */
export function makeApiToken(overrides: Partial<ApiToken> = {}): ApiToken {
  return apiTokenSchema.parse({
    id: 'd0000000-0000-4000-8000-000000000001',
    name: 'GitHub Actions',
    prefix: 'fla_Ab12',
    created_by: 'root',
    created_at: '2026-11-01T09:00:00.000Z',
    last_used_at: '2026-11-24T18:30:00.000Z',
    revoked_at: null,
    ...overrides,
  });
}

/**
 * Adoption over three days: Windows users moving from 2.0.0 to 2.1.0, a few macOS users on
 * 2.1.0; 2.2.0-beta.1 rolling out on beta.
 */
export function makeAdoption(overrides: Partial<AdoptionResponse> = {}): AdoptionResponse {
  return adoptionResponseSchema.parse({
    days: [
      { day: '2026-11-22', platform: 'windows', version: '2.0.0', users: 80 },
      { day: '2026-11-22', platform: 'windows', version: '2.1.0', users: 20 },
      { day: '2026-11-23', platform: 'windows', version: '2.0.0', users: 50 },
      { day: '2026-11-23', platform: 'windows', version: '2.1.0', users: 50 },
      { day: '2026-11-24', platform: 'windows', version: '2.0.0', users: 30 },
      { day: '2026-11-24', platform: 'windows', version: '2.1.0', users: 75 },
      { day: '2026-11-24', platform: 'macos', version: '2.1.0', users: 12 },
    ],
    latest: [
      { platform: 'windows', version: '2.1.0', users: 105, on_latest: 75 },
      { platform: 'macos', version: '2.1.0', users: 12, on_latest: 12 },
      { platform: 'linux', version: null, users: 0, on_latest: 0 },
    ],
    rollouts: [
      {
        release_id: 'c0000000-0000-4000-8000-000000000002',
        version: '2.2.0-beta.1',
        channel: 'beta',
        rollout_percentage: 50,
        users_on_version: 6,
        users_checking: 20,
      },
    ],
    ...overrides,
  });
}
