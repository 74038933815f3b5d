/**
 * The sentences naming the seller and saying whether prices include tax (site configuration
 * `seller`, `prices_include_tax`), shown on /plans, the checkout, the payment page, receipts and
 * the legal pages. Without zod, so the web app's first chunk can use them (zod-free.test.ts).
 */
import type { Seller } from './site.js';

/** The sentence that says whether prices include tax (configuration `PRICES_INCLUDE_TAX`). */
export function taxNote(pricesIncludeTax: boolean): string {
  return pricesIncludeTax
    ? 'Prices include all taxes.'
    : 'Prices exclude sales tax; any tax that applies is added at payment.';
}

/** "Sold by {legal name}, {address}" — one line naming the seller. */
export function soldBy(seller: Seller): string {
  return `Sold by ${seller.legal_name}, ${seller.address}`;
}
