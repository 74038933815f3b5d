/**
 * Money helpers. Amounts are stored as integer minor units (cents) with an ISO 4217 currency
 * code; the API shows them as decimal numbers (requirements §3: `monthly_price: 19.99`).
 */

/** Number of minor-unit digits of `currency` (2 for USD, 0 for JPY), from Intl. */
export function currencyDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/** Converts integer minor units to the decimal amount, e.g. (1999, 'USD') → 19.99. */
export function toMajorUnits(minor: number, currency: string): number {
  const digits = currencyDigits(currency);
  return Number((minor / 10 ** digits).toFixed(digits));
}

/** Converts a decimal amount to integer minor units, e.g. (19.99, 'USD') → 1999. Rounds half away from zero. */
export function toMinorUnits(major: number, currency: string): number {
  const digits = currencyDigits(currency);
  return Math.round(major * 10 ** digits);
}

/** Formats a decimal amount for people, e.g. (19.99, 'USD') → '$19.99'. */
export function formatMoney(major: number, currency: string, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(major);
}

/**
 * Yearly discount in whole percent: how much cheaper 12 months are on the yearly price,
 * `round((12 × monthly − yearly) / (12 × monthly) × 100)`; 0 when monthly is 0 or yearly costs more.
 * Inputs in minor units.
 */
export function yearlyDiscountPercentage(monthlyMinor: number, yearlyMinor: number): number {
  const twelve = monthlyMinor * 12;
  if (twelve <= 0 || yearlyMinor >= twelve) return 0;
  return Math.round(((twelve - yearlyMinor) / twelve) * 100);
}

/**
 * The saving the plans page displays for a yearly plan: 12 × monthly price − yearly price,
 * rounded to a whole currency unit (requirements §9). Inputs are decimal prices.
 */
export function displayedYearlySaving(monthlyPrice: number, yearlyPrice: number): number {
  return Math.max(0, Math.round(monthlyPrice * 12 - yearlyPrice));
}
