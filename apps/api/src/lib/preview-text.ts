/** Small wording helpers of the admin previews (what a change will do, said in sentences). */

const dayFormat = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A UTC calendar day as 'Dec 23, 2026' (as the web app writes dates); 'never' for null. */
export function utcDay(date: Date | null | undefined): string {
  return date ? dayFormat.format(date) : 'never';
}

/** A length of time in whole days ('21 days', '1 day'), or 'Less than a day'. */
export function durationText(ms: number): string {
  const days = Math.round(ms / 86_400_000);
  if (days < 1) return 'Less than a day';
  return days === 1 ? '1 day' : `${days} days`;
}
