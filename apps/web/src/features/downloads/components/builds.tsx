/**
 * A version's builds in the download centre (docs/downloads.md "Builds for each computer"): the
 * build for this computer, set apart with its facts and actions, and every other build of the
 * same version listed by platform, architecture and kind with its size and SHA-256, each
 * downloadable. Downloads name the build by id, so the server sends exactly the file shown.
 */
import { useEffect, useRef, useState } from 'react';
import { Download, Mail } from 'lucide-react';
import { PLATFORM_NAMES, buildLabel, computerName, type DownloadBuild } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useEmailDownloadLink } from '../api/downloads';
import { usePhoneLayout } from '../lib/use-phone-layout';
import { useDownload } from './use-download';

/** Which build of which version: `latest` sends no version (the server's newest). */
interface BuildTarget {
  version: string;
  latest: boolean;
}

/** The link call's target for `build` of `target`. */
const targetOf = (target: BuildTarget, build?: DownloadBuild) => ({
  ...(!target.latest && { version: target.version }),
  ...(build && { build: build.id }),
});

/**
 * A download button for `build` that shows it is running while its own download runs (the
 * provider refuses a second one, requirements §4).
 */
function DownloadButton({
  target,
  build,
  primary,
  label,
  ariaLabel,
}: {
  target: BuildTarget;
  build: DownloadBuild;
  primary: boolean;
  label: string;
  ariaLabel: string;
}) {
  const { download, downloading } = useDownload();
  const [clicked, setClicked] = useState(false);
  const wasDownloading = useRef(false);
  // Only the button that started the running download shows it; it stops when that one ends.
  useEffect(() => {
    if (wasDownloading.current && !downloading) setClicked(false);
    wasDownloading.current = downloading;
  }, [downloading]);
  return (
    <Button
      variant={primary ? 'primary' : 'outline'}
      size={primary ? 'md' : 'sm'}
      loading={downloading && clicked}
      icon={<Download aria-hidden="true" className="size-4" />}
      aria-label={ariaLabel}
      onClick={() => {
        if (!downloading) setClicked(true);
        download(targetOf(target, build));
      }}
    >
      {label}
    </Button>
  );
}

/**
 * "E-mail me the link": e-mails links to every build of the version, `build` first when given
 * (from a phone none is, and the e-mail lists them all alike), and says where it went.
 */
export function EmailLinkButton({
  target,
  build,
  primary,
}: {
  target: BuildTarget;
  build?: DownloadBuild;
  primary: boolean;
}) {
  const email = useEmailDownloadLink();
  return (
    <div className="grid gap-2">
      <div>
        <Button
          variant={primary ? 'primary' : 'outline'}
          size="md"
          loading={email.isPending}
          icon={<Mail aria-hidden="true" className="size-4" />}
          aria-label={`E-mail me the link to v${target.version}`}
          onClick={() => email.mutate(targetOf(target, build))}
        >
          E-mail me the link
        </Button>
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

/** A build's file name, size and SHA-256, as a definition list. */
function BuildFacts({ build }: { build: DownloadBuild }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-slate-500">File</dt>
      <dd className="min-w-0 break-all font-mono text-xs leading-5 text-slate-800">
        {build.filename}
      </dd>
      <dt className="text-slate-500">Size</dt>
      <dd className="text-slate-900">{build.file_size_formatted}</dd>
      <dt className="text-slate-500">SHA-256</dt>
      <dd className="min-w-0 break-all font-mono text-xs leading-5 text-slate-800">
        {build.sha256 ?? 'Not available for this file'}
      </dd>
    </dl>
  );
}

/**
 * The build for this computer, set apart: what it is, its facts, Download and (on the latest
 * version) E-mail me the link. On a phone the e-mail comes first and the download is secondary.
 */
export function YourBuild({
  target,
  build,
  known,
  withEmail,
}: {
  target: BuildTarget;
  build: DownloadBuild;
  /** Whether the server knew this computer (else the build is only the usual first one). */
  known: boolean;
  withEmail: boolean;
}) {
  const phone = usePhoneLayout();
  // The accessible name starts with the visible text (WCAG 2.5.3 Label in Name).
  const download = (
    <DownloadButton
      target={target}
      build={build}
      primary={!phone}
      label={
        phone
          ? 'Download here'
          : build.platform
            ? `Download for ${PLATFORM_NAMES[build.platform]}`
            : `Download v${target.version}`
      }
      ariaLabel={
        phone
          ? `Download here: v${target.version}`
          : build.platform
            ? `Download for ${computerName(build.platform, build.arch)} v${target.version}`
            : `Download v${target.version}`
      }
    />
  );
  const email = withEmail ? (
    <EmailLinkButton target={target} build={build} primary={phone} />
  ) : null;
  return (
    <section
      aria-label={`Download for this computer: ${buildLabel(build)}`}
      className="grid gap-3 rounded-xl border border-brand-200 bg-brand-50/40 p-4 sm:p-5"
    >
      <div>
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
          {known ? 'For your computer' : 'Suggested build'}
        </p>
        <p className="mt-0.5 text-base font-semibold text-slate-900">{buildLabel(build)}</p>
      </div>
      <BuildFacts build={build} />
      <div className="flex flex-wrap items-start gap-3">
        {phone ? (
          <>
            {email}
            {download}
          </>
        ) : (
          <>
            {download}
            {email}
          </>
        )}
      </div>
    </section>
  );
}

/** Every build in `builds`, each with its facts and a Download button. */
export function BuildList({
  target,
  builds,
  title,
}: {
  target: BuildTarget;
  builds: readonly DownloadBuild[];
  title: string;
}) {
  if (builds.length === 0) return null;
  return (
    <section aria-label={title} className="grid gap-2">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {builds.map((build) => (
          <li
            key={build.id}
            className="grid gap-3 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
          >
            <div className="min-w-0 grid gap-1">
              <p className="text-sm font-medium text-slate-900">{buildLabel(build)}</p>
              <p className="text-xs text-slate-600">
                <span className="break-all font-mono">{build.filename}</span> ·{' '}
                {build.file_size_formatted}
              </p>
              <p className="break-all font-mono text-[11px] leading-4 text-slate-500">
                SHA-256 {build.sha256 ?? 'not available'}
              </p>
            </div>
            <div>
              <DownloadButton
                target={target}
                build={build}
                primary={false}
                label="Download"
                ariaLabel={`Download ${build.filename}`}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
