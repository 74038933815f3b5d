/**
 * Download state shared by every download button (header, landing page, user menu), so a second
 * download while one runs is refused (spec section 4) and failures show in one red banner for
 * DOWNLOAD_ERROR_BANNER_MS (spec section 9).
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
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  CLIENT_ERRORS,
  DOWNLOAD_ERROR_BANNER_MS,
  fallbackFilename,
  versionFilename,
} from '@flockr/contract';
import { useAuth } from '../../../lib/auth';
import { queryKeys } from '../../../lib/query-keys';
import { useSiteConfig } from '../../../lib/site-config';
import { fetchDownloadLink, fetchFileBlob, fetchLatestVersion } from '../api/downloads';
import {
  downloadErrorMessage,
  isCrossOrigin,
  saveBlob,
  saveFromCrossOriginUrl,
} from '../lib/download-file';

/** Options of one download. */
export interface DownloadOptions {
  /** A chosen version; the latest when absent. */
  version?: string;
  /** Runs instead of the 'Please login first' banner when signed out (the landing page). */
  onSignedOut?: () => void;
}

/** What `useDownload()` returns. */
export interface DownloadContextValue {
  /** Starts a download; resolves true when the file was handed to the browser. */
  download(options?: DownloadOptions): Promise<boolean>;
  downloading: boolean;
  /** The red banner's text, or null. */
  error: string | null;
  dismissError(): void;
}

/** Context read by `useDownload()`; null outside {@link DownloadProvider}. */
export const DownloadContext = createContext<DownloadContextValue | null>(null);

/** Provides the shared download state; render inside AuthProvider and QueryClientProvider. */
export function DownloadProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { productName } = useSiteConfig();
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const bannerTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => clearTimeout(bannerTimer.current), []);

  const showError = useCallback((message: string) => {
    clearTimeout(bannerTimer.current);
    setError(message);
    bannerTimer.current = setTimeout(() => setError(null), DOWNLOAD_ERROR_BANNER_MS);
  }, []);

  const dismissError = useCallback(() => {
    clearTimeout(bannerTimer.current);
    setError(null);
  }, []);

  const download = useCallback(
    async ({ version, onSignedOut }: DownloadOptions = {}): Promise<boolean> => {
      if (!user) {
        if (onSignedOut) onSignedOut();
        else showError(CLIENT_ERRORS.download.loginFirst);
        return false;
      }
      if (inFlight.current) {
        showError(CLIENT_ERRORS.download.inProgress);
        return false;
      }
      inFlight.current = true;
      setDownloading(true);
      dismissError();
      try {
        const [link, latest] = await Promise.all([
          fetchDownloadLink(version),
          version ? Promise.resolve(null) : fetchLatestVersion().catch(() => null),
        ]);
        const filename = version
          ? versionFilename(productName, version)
          : latest?.filename || fallbackFilename(productName);
        if (isCrossOrigin(link.download_url)) {
          saveFromCrossOriginUrl(link.download_url, filename);
        } else {
          saveBlob(await fetchFileBlob(link.download_url), filename);
        }
        void queryClient.invalidateQueries({ queryKey: queryKeys.downloadHistory });
        toast.success(`Downloading ${filename}`);
        return true;
      } catch (err) {
        showError(downloadErrorMessage(err));
        return false;
      } finally {
        inFlight.current = false;
        setDownloading(false);
      }
    },
    [user, productName, queryClient, showError, dismissError],
  );

  const value = useMemo(
    () => ({ download, downloading, error, dismissError }),
    [download, downloading, error, dismissError],
  );
  return <DownloadContext.Provider value={value}>{children}</DownloadContext.Provider>;
}
