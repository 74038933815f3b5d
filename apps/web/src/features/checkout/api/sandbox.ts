/**
 * The sandbox payment page's calls as hooks (our built-in "external" checkout). They are public:
 * the checkout session id in the URL is the capability, so the page works signed out, on any
 * device (a phone that scanned the QR code).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CLIENT_ERRORS, type SandboxActionResponse } from '@flockr/contract';
import { call, type ApiError } from '../../../lib/api-client';
import { PRIVATE_ROOT, queryKeys } from '../../../lib/query-keys';

const SANDBOX_ERRORS = CLIENT_ERRORS.sandbox;

/**
 * The checkout session `sessionId` (`GET /payments/sandbox/sessions/{sessionId}`): merchant,
 * plan, amount, the order's short reference (`order_ref`) and status. An unknown id is a 404
 * whose text ('Payment not found') `error.message` carries.
 */
export function useSandboxSession(sessionId: string) {
  return useQuery({
    queryKey: queryKeys.sandboxSession(sessionId),
    queryFn: ({ signal }) =>
      call(
        'GET /payments/sandbox/sessions/:sessionId',
        { params: { sessionId } },
        { signal, fallback: SANDBOX_ERRORS.load },
      ),
    staleTime: 0,
  });
}

/**
 * A button of the payment page: `endpoint` (Pay or Cancel) on `sessionId`. On success it
 * refreshes what this browser holds of the buyer's own orders (when signed in here too).
 */
function useSandboxAction(
  endpoint:
    | 'POST /payments/sandbox/sessions/:sessionId/pay'
    | 'POST /payments/sandbox/sessions/:sessionId/cancel',
  sessionId: string,
  fallback: string,
) {
  const queryClient = useQueryClient();
  return useMutation<SandboxActionResponse, ApiError, void>({
    mutationFn: () => call(endpoint, { params: { sessionId } }, { fallback }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [PRIVATE_ROOT] });
    },
  });
}

/**
 * Pay (`POST /payments/sandbox/sessions/{sessionId}/pay`): `data` is `{ order_ref, status,
 * return_url }` (status COMPLETED when paid); `error.message` the server's text (e.g. 'This order
 * can no longer be paid'), else 'Payment failed'.
 */
export function usePaySandbox(sessionId: string) {
  return useSandboxAction(
    'POST /payments/sandbox/sessions/:sessionId/pay',
    sessionId,
    SANDBOX_ERRORS.pay,
  );
}

/**
 * Cancel (`POST /payments/sandbox/sessions/{sessionId}/cancel`; the order becomes FAILED): `data`
 * is `{ order_ref, status, return_url }`; `error.message` the server's text, else 'Failed to
 * cancel payment'.
 */
export function useCancelSandbox(sessionId: string) {
  return useSandboxAction(
    'POST /payments/sandbox/sessions/:sessionId/cancel',
    sessionId,
    SANDBOX_ERRORS.cancel,
  );
}
