/**
 * The signed-in user (requirements §4), held in one place: the query cache under
 * `queryKeys.session` (`User | null`). localStorage (`auth_token`, `user`; requirements §9) is only
 * its persistence: the cache starts from it, so a returning user sees their pages at once, and is
 * refreshed from `GET /auth/me` in the background. Signing in or up stores the token and user and
 * broadcasts `auth-change`; signing out clears them, broadcasts `auth-change` with no user and
 * goes to /; any 401 clears them and broadcasts `auth-expired` (api-client), which empties the
 * cache here. Everything private is dropped from the cache when the session ends.
 */
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  AUTH_EVENTS,
  CLIENT_ERRORS,
  STORAGE_KEYS,
  type LoginRequest,
  type RegisterRequest,
  type User,
} from '@flockr/contract';
import { call, type ApiError } from './api-client';
import {
  clearStoredAuth,
  dispatchAuthChange,
  readStoredAuth,
  readStoredToken,
  writeStoredAuth,
  writeStoredUser,
} from './auth-storage';
import { PRIVATE_ROOT, queryKeys } from './query-keys';

/** Reads the signed-in user from `GET /auth/me` (null when no token is stored). */
async function fetchSessionUser(signal?: AbortSignal): Promise<User | null> {
  if (!readStoredToken()) return null;
  const { user } = await call(
    'GET /auth/me',
    {},
    { signal, fallback: 'Failed to load your account' },
  );
  // Signed out while the call ran (another tab, a 401): do not store the user again.
  if (!readStoredToken()) return null;
  writeStoredUser(user);
  return user;
}

/**
 * The session: `user` (null when signed out) and `loading` (true only while a stored session is
 * being confirmed for the first time and no stored user exists).
 */
export function useSession(): { user: User | null; loading: boolean } {
  const query = useQuery({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => fetchSessionUser(signal),
    // The stored user shows at once; it counts as stale, so it is confirmed in the background.
    initialData: () => readStoredAuth()?.user ?? null,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
    retry: false,
  });
  return { user: query.data ?? null, loading: query.isPending };
}

/** Puts `user` in the cache and storage (after a profile change or a fresh /auth/me). */
export function useSetSessionUser(): (user: User) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: User) => {
      writeStoredUser(user);
      queryClient.setQueryData(queryKeys.session, user);
    },
    [queryClient],
  );
}

/** Empties the session in the cache and drops every private query. */
function forgetSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: [PRIVATE_ROOT] });
  queryClient.setQueryData(queryKeys.session, null);
}

/** Stores a new session and broadcasts `auth-change`. */
function startSession(queryClient: QueryClient, token: string, user: User): User {
  writeStoredAuth(token, user);
  queryClient.setQueryData(queryKeys.session, user);
  dispatchAuthChange(user);
  return user;
}

/**
 * `POST /auth/login`: signs in and starts the session. A 401 here means wrong credentials, so it
 * does not end another session. Errors carry the server's text, else 'Login failed'.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation<User, ApiError, LoginRequest>({
    mutationFn: async (values) => {
      const auth = await call(
        'POST /auth/login',
        { body: values },
        { fallback: CLIENT_ERRORS.loginFailed, expireSessionOn401: false },
      );
      return startSession(queryClient, auth.token, auth.user);
    },
  });
}

/** `POST /auth/register`: creates the account and starts the session ('Registration failed'). */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation<User, ApiError, RegisterRequest>({
    mutationFn: async (values) => {
      const auth = await call(
        'POST /auth/register',
        { body: values },
        { fallback: CLIENT_ERRORS.registrationFailed },
      );
      return startSession(queryClient, auth.token, auth.user);
    },
  });
}

/**
 * Ends the session in this browser only: no server call, no navigation (for when the server has
 * already ended it, e.g. after a password reset). Broadcasts `auth-change` with no user.
 */
export function useEndSession(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearStoredAuth();
    forgetSession(queryClient);
    dispatchAuthChange(null);
  }, [queryClient]);
}

/** Sign Out (requirements §2): tells the server (failures ignored), ends the session, goes to /. */
export function useLogout(): () => void {
  const endSession = useEndSession();
  const navigate = useNavigate();
  return useCallback(() => {
    // The request's headers are built synchronously, so it still carries the token.
    call('POST /auth/logout', {}, { expireSessionOn401: false }).catch(() => {});
    endSession();
    void navigate('/');
  }, [endSession, navigate]);
}

/** Reloads the signed-in user from `GET /auth/me` into the session; null when signed out. */
export function useRefreshSession(): () => Promise<User | null> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const user = await fetchSessionUser();
    if (user) queryClient.setQueryData(queryKeys.session, user);
    return user;
  }, [queryClient]);
}

/**
 * Keeps the cache in step with the world outside React: a 401 anywhere (`auth-expired`), another
 * tab signing in or out (`storage`), and the stored session after a server-rendered page hydrated
 * signed out. Rendered once by the app's providers.
 */
export function SessionSync(): null {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onExpired = () => {
      // A /auth/me already on its way must not bring the user back.
      void queryClient.cancelQueries({ queryKey: queryKeys.session });
      clearStoredAuth();
      forgetSession(queryClient);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== STORAGE_KEYS.token && event.key !== STORAGE_KEYS.user)
        return;
      const restored = readStoredAuth();
      if (!restored) forgetSession(queryClient);
      else queryClient.setQueryData(queryKeys.session, restored.user);
    };
    // A page the server rendered starts signed out (the server cannot see this browser's
    // storage, and the first render must match its HTML); the stored session takes over now.
    const stored = readStoredAuth();
    if (stored && queryClient.getQueryData(queryKeys.session) === null) {
      queryClient.setQueryData(queryKeys.session, stored.user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    }
    window.addEventListener(AUTH_EVENTS.expired, onExpired);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(AUTH_EVENTS.expired, onExpired);
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient]);
  return null;
}
