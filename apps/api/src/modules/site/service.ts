/** The public site configuration (spec section 3), from the environment. */
import type { SiteConfig } from '@flockr/contract';
import type { AppContext } from '../../context.js';

/** The site configuration the web app may see (no secrets). */
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
  };
}
