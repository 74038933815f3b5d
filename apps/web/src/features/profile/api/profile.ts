/** Profile calls (spec section 7: PUT /user/profile, PUT /user/notifications, my-subscriptions). */
import { queryOptions } from '@tanstack/react-query';
import {
  CLIENT_ERRORS,
  type CancelSubscriptionResponse,
  type MySubscriptionsResponse,
  type UpdateNotificationsRequest,
  type UpdateProfileRequest,
  type UserResponse,
} from '@flockr/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Default error texts of the profile calls (ours; the spec's catalogue has none for these). */
export const PROFILE_ERRORS = {
  updateProfile: 'Failed to update profile',
  updateNotifications: 'Failed to update notification settings',
  resumeSubscription: 'Failed to resume subscription',
} as const;

/** Saves username and/or country. */
export function updateProfile(payload: UpdateProfileRequest): Promise<UserResponse> {
  return api.put<UserResponse>('/user/profile', payload, {
    fallback: PROFILE_ERRORS.updateProfile,
  });
}

/** Saves the e-mail preferences. */
export function updateNotifications(payload: UpdateNotificationsRequest): Promise<UserResponse> {
  return api.put<UserResponse>('/user/notifications', payload, {
    fallback: PROFILE_ERRORS.updateNotifications,
  });
}

/**
 * Cancels the subscription at period end (`cancel` true: DELETE /subscriptions/{id}/cancel) or
 * undoes that (`cancel` false: POST /subscriptions/{id}/resume). Access continues until expiry.
 */
export function setCancelAtPeriodEnd(
  id: string,
  cancel: boolean,
): Promise<CancelSubscriptionResponse> {
  return cancel
    ? api.delete<CancelSubscriptionResponse>(`/subscriptions/${id}/cancel`, {
        fallback: CLIENT_ERRORS.defaults.cancelSubscription,
      })
    : api.post<CancelSubscriptionResponse>(`/subscriptions/${id}/resume`, undefined, {
        fallback: PROFILE_ERRORS.resumeSubscription,
      });
}

/** Fetches the user's current subscription and its history. */
export function fetchMySubscriptions(signal?: AbortSignal): Promise<MySubscriptionsResponse> {
  return api.get<MySubscriptionsResponse>('/subscriptions/my-subscriptions', {
    signal,
    fallback: CLIENT_ERRORS.defaults.fetchSubscriptions,
  });
}

/** Query options of the user's subscriptions. */
export const mySubscriptionsQueryOptions = queryOptions({
  queryKey: queryKeys.subscriptions,
  queryFn: ({ signal }) => fetchMySubscriptions(signal),
});
