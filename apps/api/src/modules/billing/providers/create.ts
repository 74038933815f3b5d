/** Chooses the payment provider PAYMENT_PROVIDER names (README "Configuration"). */
import type { AppConfig } from '../../../config.js';
import type { PaymentProvider } from './provider.js';
import { SandboxPaymentProvider } from './sandbox.js';
import { StripePaymentProvider } from './stripe.js';

/** The provider `config` asks for: Stripe with its keys, otherwise the built-in sandbox. */
export function createPaymentProvider(config: AppConfig, now: () => Date): PaymentProvider {
  if (config.paymentProvider === 'stripe' && config.stripe) {
    return new StripePaymentProvider({ ...config.stripe, publicUrl: config.publicUrl, now });
  }
  return new SandboxPaymentProvider(config.publicUrl, config.jwtSecret);
}
