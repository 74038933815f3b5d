/** Shared wording of the legal pages. */

/** Date shown as "Last updated" on both legal pages. */
export const LEGAL_UPDATED = 'November 21, 2026';

/** The jurisdiction while site config loads (rendered as a neutral phrase, never a wrong place). */
export const JURISDICTION_PENDING = 'the jurisdiction stated in our site configuration';
