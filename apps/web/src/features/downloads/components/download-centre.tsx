/**
 * The download centre of /downloads (spec sections 1 and 7: "download the latest or a specific
 * version"): "What's new" in the latest version until dismissed (whats-new.tsx), the latest
 * version with its release date, size, SHA-256 and release notes from the changelog, every other active version on request, and the user's download history.
 * On a phone (features/downloads/lib/use-phone-layout.ts) the first offer is to e-mail the link
 * to open on a computer; downloading here stays possible. Without an active subscription it says
 * the spec's 'Active subscription required to download' and leads to the plans.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Download, History, Mail, PackageOpen } from 'lucide-react';
import { API_ERROR_CODES, CLIENT_ERRORS, type DownloadVersion } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { LoadingRegion, Skeleton, SkeletonLines } from '../../../components/ui/skeleton';
import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ApiError } from '../../../lib/api-client';
import { formatCalendarDate, formatDateTime } from '../../../lib/format';
import { useDownloadHistory, useEmailDownloadLink, useVersions } from '../api/downloads';
import { usePhoneLayout } from '../lib/use-phone-layout';
import { useDownload } from './use-download';
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
  const [latest, ...older] = versions.data.versions;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="grid min-w-0 gap-6">
        {latest ? <WhatsNew version={latest} /> : null}
        {latest ? (
          <LatestVersion version={latest} />
        ) : (
          <Card>
            <EmptyState
              icon={PackageOpen}
              title="No versions yet"
              description="The first version will appear here as soon as it is released."
            />
          </Card>
        )}
        {older.length > 0 ? <OlderVersions versions={older} /> : null}
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

/** Release date, size and checksum of `version`, as a definition list. */
function VersionFacts({ version }: { version: DownloadVersion }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_auto_1fr]">
      <div>
        <dt className="text-xs font-medium text-slate-500">Released</dt>
        <dd className="mt-0.5 text-slate-900">{formatCalendarDate(version.release_date)}</dd>
      </div>
      <div>
        <dt className="text-xs font-medium text-slate-500">Size</dt>
        <dd className="mt-0.5 text-slate-900">{version.file_size_formatted}</dd>
      </div>
      <div className="col-span-2 min-w-0 sm:col-span-3">
        <dt className="text-xs font-medium text-slate-500">SHA-256</dt>
        <dd className="mt-0.5 break-all font-mono text-xs text-slate-800">
          {version.sha256 ?? 'Not available for this version'}
        </dd>
      </div>
    </dl>
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

/**
 * The two actions for one version: download here, or e-mail the link. On a phone the e-mail
 * comes first and the download is secondary; on a computer the other way round.
 */
function VersionActions({ version, latest }: { version: DownloadVersion; latest: boolean }) {
  const phone = usePhoneLayout();
  const { download, downloading } = useDownload();
  const email = useEmailDownloadLink();
  const [clicked, setClicked] = useState(false);
  const wasDownloading = useRef(false);
  const label = `v${version.version}`;

  // Only the button that started the running download shows it; it stops when that one ends.
  useEffect(() => {
    if (wasDownloading.current && !downloading) setClicked(false);
    wasDownloading.current = downloading;
  }, [downloading]);

  const downloadButton = (
    <Button
      variant={phone ? 'outline' : 'primary'}
      size={latest ? 'md' : 'sm'}
      loading={downloading && clicked}
      icon={<Download aria-hidden="true" className="size-4" />}
      aria-label={phone ? `Download here: ${label}` : `Download ${label}`}
      onClick={() => {
        if (!downloading) setClicked(true);
        // The latest goes through the plain latest link, the others by their version.
        download(latest ? {} : { version: version.version });
      }}
    >
      {phone ? 'Download here' : `Download ${label}`}
    </Button>
  );
  const emailButton = (
    <Button
      variant={phone ? 'primary' : 'outline'}
      size={latest ? 'md' : 'sm'}
      loading={email.isPending}
      icon={<Mail aria-hidden="true" className="size-4" />}
      aria-label={`E-mail me the link to ${label}`}
      onClick={() => email.mutate(latest ? undefined : version.version)}
    >
      E-mail me the link
    </Button>
  );

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-3">
        {phone ? (
          <>
            {emailButton}
            {downloadButton}
          </>
        ) : (
          <>
            {downloadButton}
            {emailButton}
          </>
        )}
      </div>
      {email.isSuccess ? (
        <p role="status" className="text-sm text-emerald-700">
          {email.data.message}
        </p>
      ) : null}
      {email.isError ? <Alert variant="error">{email.error.message}</Alert> : null}
    </div>
  );
}

/** The newest version, what a plain download gets. */
function LatestVersion({ version }: { version: DownloadVersion }) {
  const phone = usePhoneLayout();
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
            This is a desktop program. Have the link e-mailed to you and open it on your computer.
          </Alert>
        ) : null}
        <VersionNotes version={version} />
        <VersionFacts version={version} />
        <VersionActions version={version} latest />
      </div>
    </Card>
  );
}

/** Every other active version, newest first, each downloadable on request. */
function OlderVersions({ versions }: { versions: DownloadVersion[] }) {
  return (
    <Card>
      <CardHeader
        id="older-versions"
        title="Earlier versions"
        description="Need a specific version? Every one your subscription includes is here."
      />
      <ul className="divide-y divide-slate-100">
        {versions.map((v) => (
          <li key={v.id} className="grid gap-4 px-5 py-5 sm:px-6">
            <h3 className="text-base font-semibold text-slate-900">Version {v.version}</h3>
            <VersionNotes version={v} />
            <VersionFacts version={v} />
            <VersionActions version={v} latest={false} />
          </li>
        ))}
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
