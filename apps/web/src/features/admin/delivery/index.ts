/** The admin Delivery tab (docs/jobs-and-email.md): what the admin shell (admin-view.tsx) shows. */
export { DeliveryPanel } from './delivery-panel';
