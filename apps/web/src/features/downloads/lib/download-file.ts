/** Pure helpers of the download flow: error texts and saving a Blob under a file name. */
import { CLIENT_ERRORS, downloadErrorText } from '@flockr/contract';
import { ApiError } from '../../../lib/api-client';

/**
 * Text for a failed download (spec section 8): no answer → 'Download failed - no response
 * received'; an HTTP status → `downloadErrorText(status)`; anything else → the default.
 */
export function downloadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network' || error.kind === 'timeout') {
      return CLIENT_ERRORS.download.noResponse;
    }
    return downloadErrorText(error.status);
  }
  return downloadErrorText(undefined);
}

/** True when `url` is on another origin (its file name cannot be set by the page). */
export function isCrossOrigin(url: string): boolean {
  return new URL(url, window.location.href).origin !== window.location.origin;
}

/** Clicks a temporary `<a download>` so the browser saves `href` as `filename`. */
function clickDownloadLink(href: string, filename: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Saves `blob` as `filename` through an object URL (spec section 4). */
export function saveBlob(blob: Blob, filename: string): void {
  const objectUrl = URL.createObjectURL(blob);
  clickDownloadLink(objectUrl, filename);
  // Revoke later: some browsers read the URL after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

/** Hands a cross-origin file to the browser directly (it cannot be fetched as a Blob). */
export function saveFromCrossOriginUrl(url: string, filename: string): void {
  clickDownloadLink(url, filename);
}
