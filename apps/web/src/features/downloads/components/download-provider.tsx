/**
 * Download state shared by every download button (header, landing page, user menu), so a second
 * download while one runs is refused (requirements §4) and failures show in one red banner for
 * DOWNLOAD_ERROR_BANNER_MS (requirements §9).
 */
import {
  createContext,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { BUILD_NOT_FOUND, CLIENT_ERRORS, DOWNLOAD_ERROR_BANNER_MS } from '@flockr/contract';
import { useSession } from '../../../lib/session';
import { useStartDownload } from '../api/start-download';
import { downloadErrorMessage } from '../lib/download-file';

/** Options of one download. */
export interface DownloadOptions {
  /** A chosen version; the latest when absent. */
  version?: string;
  /** A chosen build of the version, by id; the build for this computer when absent. */
  build?: string;
  /** Runs instead of the 'Please login first' banner when signed out (the landing page). */
  onSignedOut?: () => void;
}

/** Where the download banner leads (see `DownloadContextValue.wayOn`). */
export type WayOn = '/plans' | '/downloads' | null;

/** What `useDownload()` returns. */
export interface DownloadContextValue {
  /**
   * Starts a download (see `useStartDownload`): refused with 'Please login first to download'
   * when signed out, and with 'Download already in progress' while one runs (requirements §4).
   */
  download(options?: DownloadOptions): void;
  downloading: boolean;
  /** The red banner's text, or null. */
  error: string | null;
  /**
   * The page the banner offers as the way on: `/plans` when its error is 'Active subscription
   * required to download' (HTTP 403), `/downloads` when the version has no build for this
   * computer (404 BUILD_NOT_FOUND; the download centre lists the builds it has); else null.
   */
  wayOn: WayOn;
  dismissError(): void;
  /**
   * Holds the banner while the pointer or the focus (`by`) is inside it, so its action can be
   * used; once neither is, it gets DOWNLOAD_ERROR_BANNER_MS again (WCAG 2.2.1: a time limit the
   * reader can stop). `held` says whether `by` came in or went out.
   */
  holdError(by: BannerHold, held: boolean): void;
}

/** What can hold the error banner open: the pointer on it, or the focus inside it. */
export type BannerHold = 'pointer' | 'focus';

/** Context read by `useDownload()`; null outside {@link DownloadProvider}. */
export const DownloadContext = createContext<DownloadContextValue | null>(null);

/**
 * Provides the shared download state to `children` (every download button and the banner);
 * render inside QueryClientProvider and the router.
 */
export function DownloadProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const start = useStartDownload();
  const inFlight = useRef(false);
  const bannerTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // What holds the banner now; a new or dismissed banner starts with none.
  const holds = useRef(new Set<BannerHold>());
  const [error, setError] = useState<string | null>(null);
  const [wayOn, setWayOn] = useState<WayOn>(null);

  useEffect(() => () => clearTimeout(bannerTimer.current), []);

  const startBannerTimer = useCallback(() => {
    clearTimeout(bannerTimer.current);
    bannerTimer.current = setTimeout(() => {
      holds.current.clear();
      setError(null);
    }, DOWNLOAD_ERROR_BANNER_MS);
  }, []);

  const showError = useCallback(
    (message: string, way: WayOn = null) => {
      setError(message);
      setWayOn(way);
      // A banner already held (the reader is on it) stays until they leave it.
      if (holds.current.size === 0) startBannerTimer();
    },
    [startBannerTimer],
  );

  const dismissError = useCallback(() => {
    clearTimeout(bannerTimer.current);
    holds.current.clear();
    setError(null);
  }, []);

  const holdError = useCallback(
    (by: BannerHold, held: boolean) => {
      const wasHeld = holds.current.size > 0;
      if (held) holds.current.add(by);
      else holds.current.delete(by);
      if (holds.current.size > 0) clearTimeout(bannerTimer.current);
      else if (wasHeld) startBannerTimer();
    },
    [startBannerTimer],
  );

  const { mutate } = start;
  const download = useCallback(
    ({ version, build, onSignedOut }: DownloadOptions = {}) => {
      if (!user) {
        if (onSignedOut) onSignedOut();
        else showError(CLIENT_ERRORS.download.loginFirst);
        return;
      }
      // A ref, not the mutation's state: two clicks in one tick must not both start.
      if (inFlight.current) {
        showError(CLIENT_ERRORS.download.inProgress);
        return;
      }
      inFlight.current = true;
      dismissError();
      mutate(
        { version, build },
        {
          onError: (err) =>
            showError(
              downloadErrorMessage(err),
              err.status === 403 ? '/plans' : err.code === BUILD_NOT_FOUND ? '/downloads' : null,
            ),
          onSettled: () => {
            inFlight.current = false;
          },
        },
      );
    },
    [user, mutate, showError, dismissError],
  );

  const downloading = start.isPending;
  const value = useMemo(
    () => ({ download, downloading, error, wayOn, dismissError, holdError }),
    [download, downloading, error, wayOn, dismissError, holdError],
  );
  return <DownloadContext.Provider value={value}>{children}</DownloadContext.Provider>;
}
