/** The admin Releases tab, the release manager (requirements §16): what the admin shell shows. */
export { ReleasesPanel } from './releases-panel';
