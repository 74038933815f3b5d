/**
 * Profile calls (requirements §7: PUT /user/profile, PUT /user/notifications, my-subscriptions,
 * cancel and resume) as query and mutation hooks. Saved changes replace the signed-in user
 * (lib/session) and are confirmed by a toast; failures carry the server's text and code.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CLIENT_ERRORS,
  type CancelSubscriptionResponse,
  type UpdateNotificationsRequest,
  type UpdateProfileRequest,
  type UserResponse,
} from '@flockr/contract';
import { call, type ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSetSessionUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';

/** Default error texts of the profile calls (ours; the spec's catalogue has none for these). */
export const PROFILE_ERRORS = {
  updateProfile: 'Failed to update profile',
  updateNotifications: 'Failed to update notification settings',
  resumeSubscription: 'Failed to resume subscription',
} as const;

/**
 * `PUT /user/profile` {username?, country?} (country null clears it); the saved user replaces
 * the session's and 'Profile updated' is toasted. Errors: 400 a field's rule, 409 USERNAME_TAKEN.
 */
export function useUpdateProfile() {
  const setSessionUser = useSetSessionUser();
  return useMutation<UserResponse, ApiError, UpdateProfileRequest>({
    mutationFn: (body) =>
      call('PUT /user/profile', { body }, { fallback: PROFILE_ERRORS.updateProfile }),
    onSuccess: ({ user }) => {
      setSessionUser(user);
      toast.success('Profile updated');
    },
  });
}

/**
 * `PUT /user/notifications` {notifications_enabled?, marketing_emails?}; the saved user replaces
 * the session's and 'Notification settings saved' is toasted. While it runs, `variables` holds
 * the values being saved (for showing them at once).
 */
export function useUpdateNotifications() {
  const setSessionUser = useSetSessionUser();
  return useMutation<UserResponse, ApiError, UpdateNotificationsRequest>({
    mutationFn: (body) =>
      call('PUT /user/notifications', { body }, { fallback: PROFILE_ERRORS.updateNotifications }),
    onSuccess: ({ user }) => {
      setSessionUser(user);
      toast.success('Notification settings saved');
    },
  });
}

/** `GET /subscriptions/my-subscriptions`: the current subscription (or null) and the history. */
export function useMySubscriptions() {
  return useQuery({
    queryKey: queryKeys.subscriptions,
    queryFn: ({ signal }) =>
      call(
        'GET /subscriptions/my-subscriptions',
        {},
        { signal, fallback: CLIENT_ERRORS.defaults.fetchSubscriptions },
      ),
  });
}

/** What {@link useSetCancelAtPeriodEnd} changes: subscription `id`, and cancel or resume. */
export interface CancelAtPeriodEnd {
  id: string;
  cancel: boolean;
}

/**
 * Cancels the subscription at period end (`cancel` true: DELETE /subscriptions/{id}/cancel) or
 * undoes that (`cancel` false: POST /subscriptions/{id}/resume); access continues until expiry.
 * On success it toasts, and reloads the subscriptions and the signed-in user (which embeds the
 * subscription). Errors: 409 SUBSCRIPTION_ENDED or SUBSCRIPTION_NOT_CANCELLED, 404.
 */
export function useSetCancelAtPeriodEnd() {
  const queryClient = useQueryClient();
  return useMutation<CancelSubscriptionResponse, ApiError, CancelAtPeriodEnd>({
    mutationFn: ({ id, cancel }) =>
      cancel
        ? call(
            'DELETE /subscriptions/:id/cancel',
            { params: { id } },
            { fallback: CLIENT_ERRORS.defaults.cancelSubscription },
          )
        : call(
            'POST /subscriptions/:id/resume',
            { params: { id } },
            { fallback: PROFILE_ERRORS.resumeSubscription },
          ),
    onSuccess: (_answer, { cancel }) => {
      toast.success(
        cancel
          ? 'Renewal reminders are off. Your access lasts until the end of the paid period'
          : 'Renewal reminders are on again',
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}
