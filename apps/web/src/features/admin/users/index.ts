/** The admin Users tab (requirements §2 and §7): what the admin shell (admin-view.tsx) shows. */
export { UsersPanel } from './users-panel';
