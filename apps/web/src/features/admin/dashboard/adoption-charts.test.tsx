import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@flockr/contract';
import { mockEndpoint } from '../../../test/api';
import { makeHealth, makeStats, makeTestData } from '../test/fixtures';
import { makeAdoption } from '../test/release-fixtures';
import { lastQuery, renderAdmin } from '../test/render';
import {
  compareVersionsDesc,
  dayRange,
  MAX_VERSIONS,
  OTHER,
  summarizeVersions,
  versionSeries,
} from './adoption-data';

/** The dashboard with the adoption answer `adoption`. */
function renderDashboard(adoption = makeAdoption()) {
  mockEndpoint(API.admin.stats, { stats: makeStats() });
  mockEndpoint(API.admin.dailyStats, { currency: 'USD', days: [] });
  mockEndpoint(API.admin.health, { health: makeHealth() });
  mockEndpoint(API.admin.adoption, adoption);
  mockEndpoint(API.admin.testData, { test_data: makeTestData() });
  return renderAdmin('/admin');
}

/** The adoption card. */
async function adoptionCard() {
  const heading = await screen.findByRole('heading', { name: 'Update adoption' });
  return heading.closest('section') as HTMLElement;
}

describe('dashboard: update adoption', () => {
  it('draws versions per day on the busiest platform, named, described and tabled', async () => {
    renderDashboard();
    const card = await adoptionCard();
    const chart = await within(card).findByRole('figure', {
      name: 'Versions in use on Windows',
    });
    expect(chart).toHaveAccessibleDescription(
      'On Nov 24, 105 Windows users checked for updates: 2.1.0 75 (71%), 2.0.0 30 (29%).',
    );
    const table = within(chart).getByRole('table', { name: 'Versions in use on Windows' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', '2.1.0', '2.0.0']);
    expect(within(table).getByRole('row', { name: 'Nov 22 20 80' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Nov 24 75 30' })).toBeInTheDocument();
    expect(lastQuery(API.admin.adoption)).toEqual({ days: '30' });
  });

  it('switches the platform', async () => {
    const user = userEvent.setup();
    renderDashboard();
    const card = await adoptionCard();
    await within(card).findByRole('figure', { name: 'Versions in use on Windows' });
    await user.click(within(card).getByRole('radio', { name: 'macOS' }));
    const chart = within(card).getByRole('figure', { name: 'Versions in use on macOS' });
    expect(chart).toHaveAccessibleDescription(
      'On Nov 24, 12 macOS users checked for updates: 2.1.0 12 (100%).',
    );
    // Every day of the period has a row, 0 where no one checked.
    expect(within(chart).getByRole('row', { name: 'Nov 22 0' })).toBeInTheDocument();
    await user.click(within(card).getByRole('radio', { name: 'Linux' }));
    expect(
      within(card).getByRole('figure', { name: 'Versions in use on Linux' }),
    ).toHaveAccessibleDescription(
      'No Linux program checked for updates on the last day of this period.',
    );
  });

  it('shows the share on the latest release per platform', async () => {
    renderDashboard();
    const card = await adoptionCard();
    const latest = await within(card).findByRole('region', {
      name: 'On the latest release (last day)',
    });
    const [windows, macos, linux] = within(latest).getAllByRole('listitem');
    expect(windows).toHaveTextContent('Windows71%75 of 105 Windows users on 2.1.0');
    expect(within(windows!).getByRole('img', { name: '71% on the latest release' })).toBeVisible();
    expect(macos).toHaveTextContent('100%');
    expect(linux).toHaveTextContent('No stable release has a Linux file yet.');
  });

  it("shows each rollout's reach against the users checking on its channel", async () => {
    renderDashboard();
    const card = await adoptionCard();
    const reach = await within(card).findByRole('figure', { name: 'Rollout reach' });
    expect(reach).toHaveTextContent(
      '2.2.0-beta.1: 6 of 20 users checking on its channel (30%; rollout 50%).',
    );
    const table = within(reach).getByRole('table', { name: 'Rollout reach' });
    expect(within(table).getByRole('row', { name: '2.2.0-beta.1 beta 50% 6 20' })).toBeVisible();
  });

  it('asks for another period', async () => {
    const user = userEvent.setup();
    renderDashboard();
    const card = await adoptionCard();
    await within(card).findByRole('figure', { name: 'Versions in use on Windows' });
    await user.selectOptions(within(card).getByRole('combobox', { name: 'Period' }), '7');
    await waitFor(() => expect(lastQuery(API.admin.adoption)).toEqual({ days: '7' }));
  });

  it('says so when nothing checked in', async () => {
    renderDashboard(makeAdoption({ days: [], latest: [], rollouts: [] }));
    const card = await adoptionCard();
    expect(
      await within(card).findByRole('figure', { name: 'Versions in use on Windows' }),
    ).toHaveAccessibleDescription(
      'No Windows program checked for updates on the last day of this period.',
    );
    expect(within(card).getByRole('figure', { name: 'Rollout reach' })).toHaveTextContent(
      'No published release is rolling out in this period.',
    );
  });
});

describe('adoption data', () => {
  it('orders versions newest first, pre-releases before their release, text last', () => {
    expect(
      ['1.9.0', 'unknown', '2.0.0', '2.0.0-beta.2', '10.0.0', '2.0.0-beta.10'].sort(
        compareVersionsDesc,
      ),
    ).toEqual(['10.0.0', '2.0.0', '2.0.0-beta.10', '2.0.0-beta.2', '1.9.0', 'unknown']);
  });

  it('fills the days between the first and the last with zeros', () => {
    expect(dayRange(['2026-11-03', '2026-10-30', '2026-11-01'])).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
    ]);
    const series = versionSeries(
      makeAdoption({
        days: [
          { day: '2026-11-20', platform: 'windows', version: '2.1.0', users: 3 },
          { day: '2026-11-22', platform: 'windows', version: '2.1.0', users: 5 },
        ],
      }),
      'windows',
    );
    expect(series.rows.map((r) => [r.day, r['2.1.0']])).toEqual([
      ['2026-11-20', 3],
      ['2026-11-21', 0],
      ['2026-11-22', 5],
    ]);
  });

  it(`keeps the ${MAX_VERSIONS} most used versions apart and sums the rest as Other`, () => {
    const versions = ['1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0', '1.5.0', '1.6.0', 'unknown'];
    const answer = makeAdoption({
      days: versions.map((version, i) => ({
        day: '2026-11-24',
        platform: 'linux' as const,
        version,
        users: i + 1,
      })),
    });
    const series = versionSeries(answer, 'linux');
    expect(series.versions).toEqual(['1.6.0', '1.5.0', '1.4.0', '1.3.0', '1.2.0', '1.1.0', OTHER]);
    expect(series.rows[0]![OTHER]).toBe(1 + 8);
    expect(summarizeVersions(series, 'linux')).toBe(
      'On Nov 24, 36 Linux users checked for updates: Other 9 (25%), 1.6.0 7 (19%), 1.5.0 6 (17%).',
    );
  });
});
