/**
 * Admin API tokens for release pipelines (`/admin/api-tokens`): the list (never the tokens
 * themselves), a new token (its secret is in this one answer only) and revocation.
 */
import { call } from '../../../../lib/api-client';
import { adminKeys } from '../../kit/api/keys';
import { useAdminChange, useAdminQuery } from '../../kit/api/hooks';

/** Default error texts of the token calls. */
export const API_TOKEN_ERRORS = {
  fetch: 'Failed to fetch API tokens',
  create: 'Failed to create the API token',
  revoke: 'Failed to revoke the API token',
} as const;

/** Every API token, revoked ones included. */
export function useApiTokens() {
  return useAdminQuery('GET /admin/api-tokens', {
    key: adminKeys.apiTokens,
    fallback: API_TOKEN_ERRORS.fetch,
  });
}

/**
 * Creates a token named `name` (`POST /admin/api-tokens`); `data.token` is the secret, shown
 * once.
 */
export function useCreateApiToken() {
  return useAdminChange({
    mutationFn: (body: { name: string }) =>
      call('POST /admin/api-tokens', { body }, { fallback: API_TOKEN_ERRORS.create }),
    success: ({ api_token }) => `API token ${api_token.name} created`,
  });
}

/** Revokes a token (`DELETE /admin/api-tokens/{id}`); it stops working at once. */
export function useRevokeApiToken() {
  return useAdminChange({
    mutationFn: ({ id }: { id: string; name: string }) =>
      call(
        'DELETE /admin/api-tokens/:id',
        { params: { id } },
        { fallback: API_TOKEN_ERRORS.revoke },
      ),
    success: (_answer, { name }) => `API token ${name} revoked`,
  });
}
