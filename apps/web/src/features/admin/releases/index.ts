/**
 * The admin Downloads tab, the one release capability (requirements §2, §14 and §16; ADR 025):
 * what the admin shell (admin-view.tsx) shows.
 */
export { ReleasesPanel } from './releases-panel';
