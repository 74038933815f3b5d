/**
 * Site configuration (requirements §3) served to the web app at `GET /site/config`. The sentences
 * about the seller and tax are in seller.ts.
 */
import { z } from 'zod';
import { PAYMENTS_MODES } from './payments-mode.js';

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
  /**
   * `test` while payments take no real money (the sandbox provider, or Stripe with a `sk_test_`
   * or `rk_test_` key): every page then shows the test-mode banner (docs/billing.md "Test mode").
   */
  payments_mode: z.enum(PAYMENTS_MODES),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/**
 * The downloaded file's name (requirements §4): `{product}-v{version}.zip` for a chosen version.
 * The product part is lower-cased with spaces turned into hyphens.
 */
export function versionFilename(productName: string, version: string): string {
  return `${productSlug(productName)}-v${version}.zip`;
}

/**
 * The name a build is saved under (docs/downloads.md "File names"):
 * `{product}-{version}-{platform}-{arch}.{ext}`, e.g. `flockr-1.2.0-macos-universal.dmg`; the
 * extension is the stored file's (see {@link fileExtension}). A release's one file for every
 * computer keeps the spec's {@link versionFilename}.
 */
export function buildFilename(
  productName: string,
  version: string,
  build: { platform: string; arch: string; filename: string; kind: string },
): string {
  return `${productSlug(productName)}-${version}-${build.platform}-${build.arch}.${fileExtension(build.filename, build.kind)}`;
}

/** Extensions of two or three parts that name one format. */
const COMPOUND_EXTENSIONS = ['app.tar.gz', 'tar.gz', 'tar.xz', 'tar.bz2', 'tar.zst'];

/** The usual extension of each kind, for a stored file whose name has none. */
const KIND_EXTENSIONS: Record<string, string> = {
  installer: 'exe',
  zip: 'zip',
  dmg: 'dmg',
  appimage: 'AppImage',
  deb: 'deb',
  rpm: 'rpm',
  archive: 'tar.gz',
};

/**
 * The extension of stored file `filename` without its dot, as written (`exe`, `msi`, `dmg`,
 * `AppImage`, `tar.gz`, `app.tar.gz`), else the usual one of `kind`, else `bin`. Pure.
 */
export function fileExtension(filename: string, kind: string): string {
  const lower = filename.toLowerCase();
  const compound = COMPOUND_EXTENSIONS.find((ext) => lower.endsWith(`.${ext}`));
  if (compound) return filename.slice(filename.length - compound.length);
  const match = /\.([A-Za-z0-9]{1,12})$/.exec(filename);
  if (match) return match[1]!;
  return KIND_EXTENSIONS[kind] ?? 'bin';
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
