/**
 * What test mode left (requirements §19): the card the Dashboard tab shows while
 * payments are in test mode or test data is left from before going live.
 */
export { TestDataCard } from './test-data-card';
