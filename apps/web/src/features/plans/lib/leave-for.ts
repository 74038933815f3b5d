/** Leaving the app for another page in the same tab (a hosted payment page). */

/**
 * Loads `url` in this tab. Used where no click is at hand to open a new tab (a popup blocker
 * would stop `window.open` outside a click); the payment page comes back to the app afterwards.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
