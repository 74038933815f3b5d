/** The admin Plans tab (requirements §2 and §7): what the admin shell (admin-view.tsx) shows. */
export { PlansPanel } from './plans-panel';
