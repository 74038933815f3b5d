/** The admin Dashboard tab (requirements §2 and §20): what the admin shell (admin-view.tsx) shows. */
export { DashboardPanel } from './dashboard-panel';
