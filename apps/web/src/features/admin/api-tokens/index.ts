/**
 * API tokens for release pipelines (requirements §16): the card the Releases tab shows beside the
 * release manager.
 */
export { ApiTokensCard } from './api-tokens-card';
