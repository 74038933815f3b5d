/**
 * The download centre of /downloads (requirements §1 and §7: "download the latest or a specific
 * version"; docs/downloads.md "Builds for each computer"): "What's new" in the latest version
 * until dismissed (whats-new.tsx), the latest version with its release notes, the build for this
 * computer first and most prominent (the server reads the computer from the request), every other
 * build of the version beside it with size and SHA-256, every earlier version the same way, and
 * the user's download history. A version without a build for this computer says so and offers
 * the others. On a phone (features/downloads/lib/use-phone-layout.ts, or a phone's browser) it
 * says which computers the program runs on and first offers to e-mail the links; downloading
 * here stays possible. Without an active subscription it says the spec's 'Active subscription
 * required to download' and leads to the plans.
 */
import { Link } from 'react-router';
import { History, PackageOpen } from 'lucide-react';
import {
  API_ERROR_CODES,
  CLIENT_ERRORS,
  buildNotFoundMessage,
  type Computer,
  type DownloadVersion,
} from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { LoadingRegion, Skeleton, SkeletonLines } from '../../../components/ui/skeleton';
import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ApiError } from '../../../lib/api-client';
import { formatCalendarDate, formatDateTime } from '../../../lib/format';
import { useDownloadHistory, useVersions } from '../api/downloads';
import { runsOnText } from '../lib/builds';
import { usePhoneLayout } from '../lib/use-phone-layout';
import { BuildList, EmailLinkButton, YourBuild } from './builds';
import { WhatsNew } from './whats-new';

/** The page's content; render inside the signed-in guard and the DownloadProvider. */
export function DownloadCentre() {
  const versions = useVersions();
  const subscribed = versions.isSuccess;

  if (versions.isPending) return <DownloadCentreSkeleton />;
  if (versions.isError) {
    const { error } = versions;
    if (error instanceof ApiError && error.code === API_ERROR_CODES.subscriptionRequired)
      return <NeedsPlan />;
    return <Alert variant="error">{versions.error.message}</Alert>;
  }
  const { computer } = versions.data;
  const [latest, ...older] = versions.data.versions;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="grid min-w-0 gap-6">
        {latest ? <WhatsNew version={latest} /> : null}
        {latest ? (
          <LatestVersion version={latest} computer={computer} />
        ) : (
          <Card>
            <EmptyState
              icon={PackageOpen}
              title="No versions yet"
              description="The first version will appear here as soon as it is released."
            />
          </Card>
        )}
        {older.length > 0 ? <OlderVersions versions={older} computer={computer} /> : null}
      </div>
      <DownloadHistory enabled={subscribed} />
    </div>
  );
}

/** The 403 state: the spec's text, and the way on to the plans. */
function NeedsPlan() {
  return (
    <Card>
      <EmptyState
        icon={PackageOpen}
        title={CLIENT_ERRORS.download.forbidden}
        description="Choose a plan to download the program and every update while your subscription lasts."
        action={
          <Link to="/plans" className={buttonClasses()}>
            View Plans
          </Link>
        }
      />
    </Card>
  );
}

/** Grey blocks in the shape of the latest-version card and the history, while loading. */
function DownloadCentreSkeleton() {
  return (
    <LoadingRegion
      label="Loading versions…"
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <Card className="grid gap-4 p-6">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-72 max-w-full" />
        <Skeleton className="h-16" />
        <Skeleton className="h-10 w-44 rounded-lg" />
      </Card>
      <Card className="grid gap-3 p-6">
        <Skeleton className="h-5 w-32" />
        <SkeletonLines count={2} />
      </Card>
    </LoadingRegion>
  );
}

/** "Released Nov 1, 2026". */
function Released({ version }: { version: DownloadVersion }) {
  return (
    <p className="text-sm text-slate-600">
      Released{' '}
      <time dateTime={version.release_date}>{formatCalendarDate(version.release_date)}</time>
    </p>
  );
}

/** The release notes of `version` from the changelog, with a link to the full entry. */
function VersionNotes({ version }: { version: DownloadVersion }) {
  if (!version.notes) {
    return <p className="text-sm text-slate-600">No release notes for this version.</p>;
  }
  return (
    <div className="text-sm">
      <p className="font-medium text-slate-900">{version.notes.title}</p>
      {version.notes.summary ? (
        <p className="mt-1 text-slate-600">{version.notes.summary}</p>
      ) : null}
      <Link
        to="/changelog"
        className="mt-1 inline-block font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        Full changelog
      </Link>
    </div>
  );
}

/** The build of `version` recommended for this computer, if any, and the others. */
function splitBuilds(version: DownloadVersion) {
  const recommended = version.builds.find((b) => b.id === version.recommended_build_id);
  return { recommended, others: version.builds.filter((b) => b !== recommended) };
}

/**
 * Says in words that `version` has no build for this computer (which the server knew), so the
 * visitor picks another build below or has the links e-mailed.
 */
function NoBuildForComputer({
  version,
  computer,
}: {
  version: DownloadVersion;
  computer: Computer;
}) {
  if (!computer.platform) return null;
  return (
    <Alert variant="warning">
      {buildNotFoundMessage(version.version, computer.platform, computer.arch)} Choose a build for
      another computer below, or have the links e-mailed to you to open on another computer.
    </Alert>
  );
}

/**
 * The newest version: the build for this computer first and most prominent, then every other
 * build of the same version. On a phone (no computer), which computers it runs on and the offer
 * to e-mail the links first.
 */
function LatestVersion({ version, computer }: { version: DownloadVersion; computer: Computer }) {
  const phone = usePhoneLayout() || computer.mobile;
  const target = { version: version.version, latest: true };
  const { recommended, others } = splitBuilds(version);
  const runsOn = runsOnText(version.builds);
  return (
    <Card>
      <CardHeader
        id="latest-version"
        title={`Latest version ${version.version}`}
        description="Recommended for everyone: the newest features and fixes."
        action={<Badge tone="success">Latest</Badge>}
      />
      <div className="grid gap-5 px-5 py-5 sm:px-6">
        {phone ? (
          <Alert variant="info">
            This is a desktop program.
            {runsOn ? ` It runs on ${runsOn}.` : ''} Have the link e-mailed to you and open it on
            your computer.
          </Alert>
        ) : null}
        <VersionNotes version={version} />
        <Released version={version} />
        {recommended ? (
          <YourBuild
            target={target}
            build={recommended}
            known={computer.platform !== null}
            withEmail
          />
        ) : (
          <>
            <NoBuildForComputer version={version} computer={computer} />
            <EmailLinkButton target={target} primary={phone} />
          </>
        )}
        <BuildList
          target={target}
          builds={others}
          title={
            recommended ? `Other builds of ${version.version}` : `Builds of ${version.version}`
          }
        />
      </div>
    </Card>
  );
}

/**
 * Every other offered version, newest first: its build for this computer at hand, the others
 * behind a disclosure, and the e-mailed links.
 */
function OlderVersions({
  versions,
  computer,
}: {
  versions: DownloadVersion[];
  computer: Computer;
}) {
  return (
    <Card>
      <CardHeader
        id="older-versions"
        title="Earlier versions"
        description="Need a specific version? Every one your subscription includes is here, for every computer."
      />
      <ul className="divide-y divide-slate-100">
        {versions.map((v) => {
          const target = { version: v.version, latest: false };
          const { recommended, others } = splitBuilds(v);
          return (
            <li key={v.id} className="grid gap-4 px-5 py-5 sm:px-6">
              <h3 className="text-base font-semibold text-slate-900">Version {v.version}</h3>
              <VersionNotes version={v} />
              <Released version={v} />
              {recommended ? (
                <BuildList target={target} builds={[recommended]} title="For your computer" />
              ) : (
                <NoBuildForComputer version={v} computer={computer} />
              )}
              {recommended && others.length > 0 ? (
                <details className="group">
                  <summary className="cursor-pointer text-sm font-medium text-brand-700">
                    Other builds of {v.version} ({others.length})
                  </summary>
                  <div className="mt-3">
                    <BuildList
                      target={target}
                      builds={others}
                      title={`Other builds of ${v.version}`}
                    />
                  </div>
                </details>
              ) : (
                <BuildList target={target} builds={others} title={`Builds of ${v.version}`} />
              )}
              <EmailLinkButton target={target} build={recommended} primary={false} />
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** The signed-in user's downloads, newest first (`GET /downloads/history`). */
function DownloadHistory({ enabled }: { enabled: boolean }) {
  const history = useDownloadHistory(enabled);
  const rows = history.data?.downloads ?? [];
  return (
    <Card>
      <CardHeader id="download-history" title="Your downloads" />
      {history.isPending ? (
        <div role="status" className="grid gap-3 px-5 py-5 sm:px-6">
          <span className="sr-only">Loading your downloads…</span>
          <div aria-hidden="true" className="h-4 animate-pulse rounded bg-slate-100" />
          <div aria-hidden="true" className="h-4 animate-pulse rounded bg-slate-100" />
        </div>
      ) : history.isError ? (
        <div className="px-5 py-5 sm:px-6">
          <Alert variant="error">{history.error.message}</Alert>
        </div>
      ) : rows.length === 0 ? (
        <div className="flex items-start gap-3 px-5 py-5 text-sm text-slate-600 sm:px-6">
          <History aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <p>No downloads yet. Each version you download appears here.</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {rows.map((row) => (
            <li key={row.id} className="px-5 py-3 sm:px-6">
              <p className="font-medium text-slate-900">Version {row.version}</p>
              <p className="break-all text-slate-600">{row.filename}</p>
              <p className="text-xs text-slate-500">
                <time dateTime={row.downloaded_at}>{formatDateTime(row.downloaded_at)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
