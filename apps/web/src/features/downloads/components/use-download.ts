/** The download hook used by the header, the landing page and the user menu (requirements §4). */
import { useContext } from 'react';
import { DownloadContext, type DownloadContextValue } from './download-provider';

/** Returns `download()`, the running flag and the banner error; needs DownloadProvider above. */
export function useDownload(): DownloadContextValue {
  const value = useContext(DownloadContext);
  if (!value) throw new Error('useDownload must be used inside <DownloadProvider>');
  return value;
}
