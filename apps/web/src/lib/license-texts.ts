/**
 * Licenses in words, for the owner's License card (/profile) and the admin's License section and
 * plan form (docs/licenses.md): entitlements as readable lines ("Up to 5 Twitter accounts"),
 * entitlement names, and why a device stopped holding a seat.
 */
import type { DeviceDeactivationReason, Entitlement, KnownEntitlementCode } from '@flockr/contract';
import { formatCount } from './format';

/**
 * Names of the entitlement codes the program knows (contract `ENTITLEMENT_CODES`, typed from it:
 * its values live in a module with zod, which the profile's chunk does without).
 */
export const ENTITLEMENT_NAMES: Record<KnownEntitlementCode, string> = {
  TWITTER_ACCOUNTS: 'Twitter accounts',
  DAILY_ACTIONS: 'Daily actions',
  EMAIL_SUPPORT: 'Email support',
  PRIORITY_SUPPORT: 'Priority support',
  PHONE_SUPPORT: 'Phone support',
  WHITE_LABEL: 'White label',
};

/** Whether `code` is one the program knows (the others were added by an admin). */
export function isKnownEntitlement(code: string): code is KnownEntitlementCode {
  return Object.hasOwn(ENTITLEMENT_NAMES, code);
}

/** The name of `code`: 'Twitter accounts'; an unknown code in words ('API_CALLS' → 'Api calls'). */
export function entitlementName(code: string): string {
  if (isKnownEntitlement(code)) return ENTITLEMENT_NAMES[code];
  const words = code.toLowerCase().replace(/_+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : code;
}

/** `n` and a noun in the singular or the plural: (1, 'account') → '1 account'. */
function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}

/**
 * An entitlement as a line a person reads: 'Up to 5 Twitter accounts', 'Unlimited Twitter
 * accounts', '500 daily actions', 'Unlimited daily actions', 'White label'; a feature with a
 * limit 'Priority support (up to 3)'; an admin's own code 'Api calls: up to 1,000'. Pure.
 */
export function entitlementLine({ code, limit }: Entitlement): string {
  switch (code) {
    case 'TWITTER_ACCOUNTS':
      if (limit === null) return 'Unlimited Twitter accounts';
      return limit === 0 ? 'No Twitter accounts' : `Up to ${count(limit, 'Twitter account')}`;
    case 'DAILY_ACTIONS':
      if (limit === null) return 'Unlimited daily actions';
      return limit === 0 ? 'No daily actions' : count(limit, 'daily action');
    default: {
      const name = entitlementName(code);
      if (limit === null) return name;
      return isKnownEntitlement(code)
        ? `${name} (up to ${formatCount(limit)})`
        : `${name}: up to ${formatCount(limit)}`;
    }
  }
}

/** Why a device stopped holding a seat, after "Deactivated …": 'by its owner'. */
export const DEACTIVATION_REASONS: Record<DeviceDeactivationReason, string> = {
  owner: 'by its owner',
  program: 'from the program',
  admin: 'by an admin',
  timeout: 'after it stopped checking in',
};
