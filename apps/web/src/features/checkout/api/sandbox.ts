/** Sandbox payment provider calls (our embedded "external" checkout; bearer auth). */
import { queryOptions } from '@tanstack/react-query';
import type { SandboxActionResponse, SandboxCheckout } from '@flockr/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Default texts of the sandbox calls (ours; candidates for the contract). */
export const SANDBOX_ERRORS = {
  load: 'Failed to load checkout session',
  pay: 'Payment failed',
  cancel: 'Failed to cancel payment',
} as const;

const path = (sessionId: string) => `/payments/sandbox/sessions/${encodeURIComponent(sessionId)}`;

/** Fetches the checkout session (404 when it is not the signed-in user's). */
export function fetchSandboxSession(
  sessionId: string,
  signal?: AbortSignal,
): Promise<SandboxCheckout> {
  return api.get<SandboxCheckout>(path(sessionId), { signal, fallback: SANDBOX_ERRORS.load });
}

/** Query options of a checkout session. */
export function sandboxSessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: queryKeys.sandboxSession(sessionId),
    queryFn: ({ signal }) => fetchSandboxSession(sessionId, signal),
    staleTime: 0,
  });
}

/** Pays the session's order. */
export function paySandboxSession(sessionId: string): Promise<SandboxActionResponse> {
  return api.post<SandboxActionResponse>(`${path(sessionId)}/pay`, undefined, {
    fallback: SANDBOX_ERRORS.pay,
  });
}

/** Cancels the session's order. */
export function cancelSandboxSession(sessionId: string): Promise<SandboxActionResponse> {
  return api.post<SandboxActionResponse>(`${path(sessionId)}/cancel`, undefined, {
    fallback: SANDBOX_ERRORS.cancel,
  });
}
