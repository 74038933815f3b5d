/** The admin Changelog tab (requirements §2 and §12): what the admin shell (admin-view.tsx) shows. */
export { ChangelogPanel } from './changelog-panel';
