/**
 * Pure helpers of the download flow: error texts, and handing a signed link to the browser. The
 * file is never read into the page's memory (versions may be 2 GiB): the browser fetches it itself
 * and saves it under the name the server gives (Content-Disposition: the build's name, such as
 * `{product}-{version}-{platform}-{arch}.{ext}`).
 */
import { BUILD_NOT_FOUND, CLIENT_ERRORS, downloadErrorText } from '@flockr/contract';
import { ApiError } from '../../../lib/api-client';

/**
 * Text for a failed download (requirements §8): no answer → 'Download failed - no response
 * received'; no build for this computer (BUILD_NOT_FOUND, ours) → the server's sentence, which
 * names the version and the computer; another HTTP status → `downloadErrorText(status)`;
 * anything else → the default.
 */
export function downloadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network' || error.kind === 'timeout') {
      return CLIENT_ERRORS.download.noResponse;
    }
    if (error.code === BUILD_NOT_FOUND) return error.message;
    return downloadErrorText(error.status);
  }
  return downloadErrorText(undefined);
}

/**
 * Clicks a temporary `<a download>` for `href`, so the browser downloads it (streaming to disk,
 * resumable) without leaving the page; `filename` is the name it suggests (the server's
 * Content-Disposition wins for our own links).
 */
export function startBrowserDownload(href: string, filename: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
