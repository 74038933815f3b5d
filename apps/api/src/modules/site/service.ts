/** The public site configuration (requirements §3), from the environment. */
import type { Seller, SiteConfig } from '@flockr/contract';
import type { AppConfig } from '../../config.js';
import type { AppContext } from '../../context.js';
import { memoryAnswersFor, type MemoryAnswer } from '../../lib/memory-answers.js';

/** The seller's identity as the API shows it (configuration: README "Configuration"). */
export function sellerOf(config: Pick<AppConfig, 'seller' | 'supportEmail'>): Seller {
  return {
    legal_name: config.seller.legalName,
    address: config.seller.address,
    support_email: config.supportEmail,
  };
}

/**
 * The site configuration the web app may see (no secrets). `payments_mode` is `test` while
 * payments take no real money, which every page then says (docs/billing.md "Test mode").
 */
export function siteConfig(ctx: AppContext): SiteConfig {
  return {
    product_name: ctx.config.productName,
    support_email: ctx.config.supportEmail,
    email_support_enabled: true,
    discord_enabled: false,
    telegram_enabled: false,
    phone_enabled: false,
    legal_jurisdiction: ctx.config.legalJurisdiction,
    payment_provider: ctx.config.paymentProvider,
    seller: sellerOf(ctx.config),
    prices_include_tax: ctx.config.pricesIncludeTax,
    payments_mode: ctx.config.paymentsMode,
  };
}

/**
 * `GET /site/config` as the bytes to send and their ETag, kept in memory: the configuration is
 * read once at start, so the copy lasts as long as the process (no topic ever clears it).
 */
export function siteConfigAnswer(ctx: AppContext): Promise<MemoryAnswer> {
  return memoryAnswersFor(ctx, 'site').get('', async () => siteConfig(ctx));
}
