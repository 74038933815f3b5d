/**
 * Site configuration (spec section 3) served to the web app at `GET /site/config`. The sentences
 * about the seller and tax are in seller.ts.
 */
import { z } from 'zod';

/**
 * Who sells the product (configuration `SELLER_LEGAL_NAME`, `SELLER_ADDRESS`, `SUPPORT_EMAIL`):
 * shown where people pay (plans, checkout, receipts) and on the legal pages.
 */
export const sellerSchema = z.object({
  legal_name: z.string(),
  address: z.string(),
  support_email: z.string(),
});
export type Seller = z.infer<typeof sellerSchema>;

export const siteConfigSchema = z.object({
  product_name: z.string(),
  support_email: z.string(),
  email_support_enabled: z.boolean(),
  discord_enabled: z.boolean(),
  telegram_enabled: z.boolean(),
  phone_enabled: z.boolean(),
  legal_jurisdiction: z.string(),
  payment_provider: z.string(),
  seller: sellerSchema,
  /** Whether the listed prices include sales tax / VAT (`PRICES_INCLUDE_TAX`). */
  prices_include_tax: z.boolean(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/**
 * The downloaded file's name (spec section 4): `{product}-v{version}.zip` for a chosen version.
 * The product part is lower-cased with spaces turned into hyphens.
 */
export function versionFilename(productName: string, version: string): string {
  return `${productSlug(productName)}-v${version}.zip`;
}

/** Fallback name for the latest version when its record has no filename: `{product}.zip`. */
export function fallbackFilename(productName: string): string {
  return `${productSlug(productName)}.zip`;
}

function productSlug(productName: string): string {
  return (
    productName
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'program'
  );
}
