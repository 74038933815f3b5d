/** The admin Downloads tab (requirements §2 and §14): what the admin shell (admin-view.tsx) shows. */
export { DownloadsPanel } from './downloads-panel';
