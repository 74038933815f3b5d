/**
 * Runs the real electron-updater client (npm `electron-updater`, 6.8.x) against an update feed,
 * without Electron, the way electron-updater's own test suite does: an `AppAdapter` object stands
 * in for Electron's `app`, and a Node `http`/`https` executor (a subclass of builder-util-runtime's
 * `HttpExecutor`) stands in for Electron's `net` module.
 *
 * Electron is never loaded: electron-updater only calls `require('electron')` when it builds its
 * default `ElectronAppAdapter`/`ElectronHttpExecutor` (skipped when an app adapter is passed to
 * the updater's constructor), in `quitAndInstall`/`install`, in `checkForUpdatesAndNotify`'s
 * notification, in `netSession`, and in `MacUpdater`. None of these are used here.
 *
 * What differs from an app in the field: the executor is Node's `http`/`https` rather than
 * Chromium's network stack (no system proxy; redirects followed through `Location` by
 * builder-util-runtime, which drops `Authorization` on a cross-origin redirect), and the Windows
 * code-signature check of the NSIS installer is replaced by a stub that records its arguments and
 * accepts (see `checkElectronUpdate`). The feed request, checksums, differential-download attempts
 * and cache layout are electron-updater's own code.
 */
import type {
  ClientRequest,
  IncomingMessage,
  OutgoingHttpHeaders,
  RequestOptions,
} from 'node:http';
import http from 'node:http';
import https from 'node:https';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  configureRequestOptions,
  configureRequestUrl,
  HttpExecutor,
  type DownloadOptions,
} from 'builder-util-runtime';
import { AppImageUpdater, NsisUpdater, type AppUpdater, type UpdateInfo } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter.js';

/** One HTTP request electron-updater made through the executor. */
export interface ElectronUpdaterRequest {
  method: string;
  /** The full URL requested, query string included. */
  url: string;
  /** The headers sent (names as electron-updater spelled them). */
  headers: OutgoingHttpHeaders;
}

/**
 * The Node `http`/`https` executor electron-updater's tests use in place of Electron's `net`
 * (builder-util's `NodeHttpExecutor`, which electron-updater does not ship), plus the `download`
 * method the updaters call, written like electron-updater's `ElectronHttpExecutor.download` so
 * the sha512/sha256 check runs in builder-util-runtime's download pipe exactly as in an app.
 * Every request is appended to `requests`.
 */
export class RecordingNodeHttpExecutor extends HttpExecutor<ClientRequest> {
  readonly requests: ElectronUpdaterRequest[] = [];

  /** Opens a request with Node's http or https module and records it. */
  override createRequest(
    options: RequestOptions,
    callback: (response: IncomingMessage) => void,
  ): ClientRequest {
    const protocol = options.protocol ?? 'https:';
    const port = options.port ? `:${options.port}` : '';
    this.requests.push({
      method: options.method ?? 'GET',
      url: `${protocol}//${options.hostname}${port}${options.path ?? '/'}`,
      headers: { ...options.headers } as OutgoingHttpHeaders,
    });
    const request = (protocol === 'http:' ? http.request : https.request)(options);
    request.on('response', callback);
    return request;
  }

  /**
   * Downloads `url` to the file `destination`, checking `options.sha512` (or `sha2`) on the way;
   * resolves with `destination`, rejects with builder-util-runtime's error (e.g. code
   * `ERR_CHECKSUM_MISMATCH`, or "Cannot download …, status 403: Forbidden").
   */
  async download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error == null ? resolve(destination) : reject(error)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

/** Options of `checkElectronUpdate`. */
export interface ElectronUpdateOptions {
  /** The generic provider's `url`: the folder holding the channel files and installers. */
  feedUrl: string;
  /** The version of the "installed" app (semver). */
  currentVersion: string;
  /**
   * The channel (`latest` when unset). electron-updater requests `{channel}.yml` on Windows and
   * `{channel}-linux.yml` (x64) or `{channel}-linux-{arch}.yml` on Linux.
   */
  channel?: string;
  /** Which updater runs: `windows` → NsisUpdater, `linux` → AppImageUpdater. */
  platform: 'windows' | 'linux';
  /**
   * Linux only: the architecture named in the channel file (`x64` → `latest-linux.yml`,
   * `arm64` → `latest-linux-arm64.yml`). Default: this machine's. Set through electron-updater's
   * `TEST_UPDATER_ARCH` variable for the duration of the call.
   */
  arch?: string;
  /** Extra headers, passed as the updater's `requestHeaders` (e.g. Authorization). */
  headers?: Record<string, string>;
  /** An empty folder for this run: app-update.yml, user data, the updater cache, the download. */
  cacheDir: string;
  /** Also download the update when one is found (default false: check only). */
  download?: boolean;
  /**
   * Turns electron-updater's differential download off (default false, as in a shipped app: it
   * first tries blockmaps and falls back to the full file when that fails).
   */
  disableDifferentialDownload?: boolean;
}

/** What `checkElectronUpdate` found. */
export interface ElectronUpdateResult {
  /** Whether electron-updater decided the feed's version is an update for `currentVersion`. */
  updateAvailable: boolean;
  /** The channel file as electron-updater parsed it (absent when the check itself failed). */
  info?: UpdateInfo;
  /** The downloaded, checksum-verified file (only with `download` and success). */
  downloadedFile?: string;
  /** Whether electron-updater emitted `update-downloaded`. */
  updateDownloadedEvent: boolean;
  /**
   * The error of the check or download, as electron-updater raised it. Check errors from the
   * feed's answer are builder-util-runtime `HttpError`s with `statusCode` and `code`
   * `HTTP_ERROR_<status>` (404 becomes `ERR_UPDATER_CHANNEL_FILE_NOT_FOUND`); download errors
   * are plain `Error`s ("Cannot download "<url>", status 403: Forbidden") or carry
   * `code: 'ERR_CHECKSUM_MISMATCH'`.
   */
  error?: Error & { code?: string; statusCode?: number };
  /** Every HTTP request the client made, in order. */
  requests: ElectronUpdaterRequest[];
  /**
   * Windows only: the arguments of the code-signature check electron-updater asked for after the
   * download (stubbed here to accept), or undefined when it did not get that far.
   */
  signatureCheck?: { publisherNames: string[]; file: string };
  /** electron-updater's log lines, prefixed with their level. */
  logs: string[];
}

/** The publisher name written to app-update.yml on Windows, which makes NSIS verify signatures. */
export const TEST_PUBLISHER_NAME = 'Flockr Test Publisher';

/** The methods of AppUpdater the driver replaces; they are internal in electron-updater's types. */
interface UpdaterInternals {
  httpExecutor: RecordingNodeHttpExecutor;
  createProviderRuntimeOptions: () => {
    isUseMultipleRangeRequest: boolean;
    platform: NodeJS.Platform;
    executor: RecordingNodeHttpExecutor;
  };
}

/**
 * Runs electron-updater's NsisUpdater (`platform: 'windows'`) or AppImageUpdater (`'linux'`)
 * against `feedUrl` as an app at `currentVersion` would: checks for an update and, with
 * `download`, downloads it (sha512 verified by electron-updater). Never throws for what the feed
 * answers: failures come back in `error`, with the requests made and the log.
 *
 * How it runs without Electron: an AppAdapter object (packaged, version `currentVersion`, paths
 * under `cacheDir`), the RecordingNodeHttpExecutor, and the provider's platform set to win32 or
 * linux whatever this machine is (electron-updater reads it from a private method that the test
 * suite's `_testOnlyOptions` also feeds; replacing that method keeps the rest in production mode,
 * so a failed differential download falls back to a full one as in an app). On Windows the
 * updater writes `publisherName` in app-update.yml and replaces `verifyUpdateCodeSignature`
 * (PowerShell Get-AuthenticodeSignature in an app) by a stub that records the call and returns
 * null (= signed); on Linux `process.env.APPIMAGE` points to a fake old AppImage in `cacheDir`
 * for the duration of the call. Resolves after roughly the time the HTTP exchanges take.
 */
export async function checkElectronUpdate(
  opts: ElectronUpdateOptions,
): Promise<ElectronUpdateResult> {
  const windows = opts.platform === 'windows';
  const userData = path.join(opts.cacheDir, 'user-data');
  const configPath = path.join(opts.cacheDir, 'app-update.yml');
  await mkdir(userData, { recursive: true });
  // electron-builder writes this next to the app; the updater reads `updaterCacheDirName` (and on
  // Windows `publisherName`) from it even when the feed is set with setFeedURL.
  await writeFile(
    configPath,
    [
      'provider: generic',
      `url: ${JSON.stringify(opts.feedUrl)}`,
      'updaterCacheDirName: flockr-test-updater',
      ...(windows ? [`publisherName:\n  - ${JSON.stringify(TEST_PUBLISHER_NAME)}`] : []),
      '',
    ].join('\n'),
  );
  const app: AppAdapter = {
    version: opts.currentVersion,
    name: 'Flockr',
    isPackaged: true,
    appUpdateConfigPath: configPath,
    userDataPath: userData,
    baseCachePath: path.join(opts.cacheDir, 'cache'),
    whenReady: () => Promise.resolve(),
    quit: () => {},
    relaunch: () => {},
    onQuit: () => {},
  };

  const logs: string[] = [];
  const executor = new RecordingNodeHttpExecutor();
  const updater: AppUpdater = windows ? new NsisUpdater(null, app) : new AppImageUpdater(null, app);
  const internals = updater as unknown as UpdaterInternals;
  internals.httpExecutor = executor;
  internals.createProviderRuntimeOptions = () => ({
    isUseMultipleRangeRequest: true,
    platform: windows ? 'win32' : 'linux',
    executor,
  });
  updater.logger = {
    info: (m?: unknown) => logs.push(`info: ${String(m)}`),
    warn: (m?: unknown) => logs.push(`warn: ${String(m)}`),
    error: (m?: unknown) => logs.push(`error: ${String(m)}`),
    debug: (m: string) => logs.push(`debug: ${m}`),
  };
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  updater.disableDifferentialDownload = opts.disableDifferentialDownload ?? false;
  let signatureCheck: ElectronUpdateResult['signatureCheck'];
  if (updater instanceof NsisUpdater) {
    updater.verifyUpdateCodeSignature = (publisherNames, file) => {
      signatureCheck = { publisherNames, file };
      return Promise.resolve(null);
    };
  }
  let updateDownloadedEvent = false;
  updater.on('update-downloaded', () => (updateDownloadedEvent = true));
  updater.setFeedURL({
    provider: 'generic',
    url: opts.feedUrl,
    ...(opts.channel === undefined ? {} : { channel: opts.channel }),
  });
  if (opts.headers) updater.requestHeaders = { ...opts.headers };

  const savedEnv = {
    APPIMAGE: process.env.APPIMAGE,
    TEST_UPDATER_ARCH: process.env.TEST_UPDATER_ARCH,
  };
  if (!windows) {
    const oldAppImage = path.join(opts.cacheDir, `Flockr-${opts.currentVersion}.AppImage`);
    await writeFile(oldAppImage, 'not a real AppImage', { mode: 0o755 });
    process.env.APPIMAGE = oldAppImage;
    if (opts.arch) process.env.TEST_UPDATER_ARCH = opts.arch;
  }
  const result: ElectronUpdateResult = {
    updateAvailable: false,
    updateDownloadedEvent: false,
    requests: executor.requests,
    logs,
  };
  try {
    const check = await updater.checkForUpdates();
    if (check == null) throw new Error('electron-updater skipped the check (updater not active)');
    result.info = check.updateInfo;
    result.updateAvailable = check.isUpdateAvailable;
    if (opts.download && check.isUpdateAvailable) {
      const [file] = await updater.downloadUpdate();
      result.downloadedFile = file;
    }
  } catch (error) {
    result.error = error as ElectronUpdateResult['error'];
  } finally {
    for (const [name, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  result.updateDownloadedEvent = updateDownloadedEvent;
  result.signatureCheck = signatureCheck;
  return result;
}
