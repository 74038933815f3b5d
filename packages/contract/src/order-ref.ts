/**
 * The short reference of an order, as receipts, the payment page and the web app show it. Without
 * zod, so the web app's first chunk can use it (zod-free.test.ts).
 */

/** An order as its short reference: the last 8 characters of its id (requirements §3). */
export function orderRef(orderId: string): string {
  return orderId.slice(-8);
}
