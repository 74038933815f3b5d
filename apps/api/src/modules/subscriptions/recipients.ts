/**
 * Who gets mail sent to every subscriber (release e-mails, docs/updates.md "Release e-mails"):
 * users whose subscription has access now, whose account is ACTIVE, and who keep product e-mails
 * on: `notifications_enabled`. The spec has one preference, `notifications_enabled`, set at
 * registration by a "marketing-emails" box (product-requirements §2, §3 and §7); this product splits
 * it in two, both set by that box: `notifications_enabled`, shown in the profile as "Product
 * updates: e-mails about new versions, subscription reminders and account notices", and
 * `marketing_emails` ("offers and promotions"). A new version of the program the subscriber pays
 * for is a product update, not an offer, so only the first is asked (like the expiry reminders);
 * a user who turned it off gets no release e-mail whatever `marketing_emails` says.
 */
import type { Executor } from '../../db/client.js';
import { findProductMailRecipients } from './recipients.repository.js';

/** A subscriber to write to. */
export interface MailRecipient {
  id: string;
  username: string;
  email: string;
}

/**
 * One batch of product-mail recipients (see the file's comment): up to `limit` users after
 * `afterUserId` (from the first when null) in user id order, as of `now`. A batch shorter than
 * `limit` is the last.
 */
export async function productMailRecipients(
  db: Executor,
  now: Date,
  afterUserId: string | null,
  limit: number,
): Promise<MailRecipient[]> {
  return findProductMailRecipients(db, now, afterUserId, limit);
}
