/**
 * Auth state (spec section 4): the current user or null, a loading flag that starts true, and an
 * error message. State changes go through {@link authReducer}; storage and events go through the
 * pure helpers of `auth-storage.ts`. Must be rendered inside the router (logout navigates to /).
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AUTH_EVENTS,
  CLIENT_ERRORS,
  STORAGE_KEYS,
  errorText,
  type LoginRequest,
  type RegisterRequest,
  type User,
  type UserResponse,
} from '@flockr/contract';
import { api } from './api-client';
import {
  clearStoredAuth,
  dispatchAuthChange,
  parseAuthResponse,
  readStoredAuth,
  writeStoredAuth,
  writeStoredUser,
} from './auth-storage';
import { PRIVATE_ROOT, queryKeys } from './query-keys';

/** The auth state of spec section 4. */
export interface AuthState {
  user: User | null;
  loading: boolean;
  error: string | null;
}

/** Events that change the auth state. */
export type AuthAction =
  | { type: 'restored'; user: User | null }
  | { type: 'signed-in'; user: User }
  | { type: 'user-updated'; user: User }
  | { type: 'failed'; error: string }
  | { type: 'signed-out' }
  | { type: 'clear-error' };

/** Starting state: no user yet, loading until storage has been read. */
export const initialAuthState: AuthState = { user: null, loading: true, error: null };

/** Initial state after reading storage: {@link initialAuthState} moved on by 'restored'. */
export function restoreAuthState(state: AuthState = initialAuthState): AuthState {
  return authReducer(state, { type: 'restored', user: readStoredAuth()?.user ?? null });
}

/** Pure transition function of the auth state. */
export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'restored':
      return { user: action.user, loading: false, error: null };
    case 'signed-in':
      return { user: action.user, loading: false, error: null };
    case 'user-updated':
      return state.user ? { ...state, user: action.user } : state;
    case 'failed':
      return { ...state, loading: false, error: action.error };
    case 'signed-out':
      return { user: null, loading: false, error: null };
    case 'clear-error':
      return state.error ? { ...state, error: null } : state;
  }
}

/** What {@link useAuth} gives components. */
export interface AuthContextValue extends AuthState {
  /** Signs in; resolves with the user, rejects with the error to show (default 'Login failed'). */
  login(values: LoginRequest): Promise<User>;
  /** Registers; resolves with the user, rejects with the error (default 'Registration failed'). */
  register(values: RegisterRequest): Promise<User>;
  /** Clears the session, tells the server (failures ignored) and goes to /. */
  logout(): void;
  /**
   * Clears the session in this browser only: no server call, no navigation. For when the server
   * has already ended it (after a password reset every session of the user is revoked).
   */
  clearSession(): void;
  /** Replaces the signed-in user (after a profile update). */
  updateUser(user: User): void;
  /**
   * Reloads the signed-in user from `GET /auth/me` and stores it; resolves with it, or null when
   * signed out. Rejects with the call's error (a 401 also ends the session).
   */
  refreshUser(): Promise<User | null>;
  clearError(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Fetches the signed-in user (`GET /auth/me`). */
export function fetchMe(signal?: AbortSignal): Promise<UserResponse> {
  return api.get<UserResponse>('/auth/me', { signal, fallback: 'Failed to load your account' });
}

/**
 * Provides the auth state: restores it from storage on start, refreshes the user from
 * `/auth/me` in the background, and clears it on `auth-expired` (any 401).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  // Starts loading, then restores from storage (a corrupt stored user clears both entries).
  // Restoring during the first render avoids a flash of signed-out screens.
  const [state, dispatch] = useReducer(authReducer, initialAuthState, restoreAuthState);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const dropPrivateData = useCallback(() => {
    queryClient.removeQueries({ queryKey: [PRIVATE_ROOT] });
  }, [queryClient]);

  // Any 401 (api-client) clears storage and broadcasts auth-expired: forget the user.
  useEffect(() => {
    const onExpired = () => {
      dispatch({ type: 'signed-out' });
      dropPrivateData();
    };
    window.addEventListener(AUTH_EVENTS.expired, onExpired);
    return () => window.removeEventListener(AUTH_EVENTS.expired, onExpired);
  }, [dropPrivateData]);

  // Another tab signed in or out: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== STORAGE_KEYS.token && event.key !== STORAGE_KEYS.user)
        return;
      const restored = readStoredAuth();
      if (!restored) dropPrivateData();
      dispatch({ type: 'restored', user: restored?.user ?? null });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dropPrivateData]);

  // Background refresh of the user (subscription and role may have changed on the server).
  // The freshest copy wins; a 401 here ends the session through auth-expired.
  const signedIn = state.user !== null;
  const me = useQuery({
    queryKey: queryKeys.me,
    queryFn: async ({ signal }) => {
      const answer = await fetchMe(signal);
      writeStoredUser(answer.user);
      return answer;
    },
    enabled: signedIn,
    retry: false,
  });
  const user = signedIn ? (me.data?.user ?? state.user) : null;

  const completeSignIn = useCallback(
    (data: unknown): User => {
      const auth = parseAuthResponse(data);
      writeStoredAuth(auth.token, auth.user);
      queryClient.setQueryData<UserResponse>(queryKeys.me, { user: auth.user });
      dispatch({ type: 'signed-in', user: auth.user });
      dispatchAuthChange(auth.user);
      return auth.user;
    },
    [queryClient],
  );

  const login = useCallback(
    async (values: LoginRequest) => {
      dispatch({ type: 'clear-error' });
      try {
        const data = await api.post<unknown>('/auth/login', values, {
          fallback: CLIENT_ERRORS.loginFailed,
          expireSessionOn401: false,
        });
        return completeSignIn(data);
      } catch (error) {
        const message = errorText(undefined, error as Error, CLIENT_ERRORS.loginFailed);
        dispatch({ type: 'failed', error: message });
        throw error instanceof Error ? error : new Error(message);
      }
    },
    [completeSignIn],
  );

  const register = useCallback(
    async (values: RegisterRequest) => {
      dispatch({ type: 'clear-error' });
      try {
        const data = await api.post<unknown>('/auth/register', values, {
          fallback: CLIENT_ERRORS.registrationFailed,
        });
        return completeSignIn(data);
      } catch (error) {
        const message = errorText(undefined, error as Error, CLIENT_ERRORS.registrationFailed);
        dispatch({ type: 'failed', error: message });
        throw error instanceof Error ? error : new Error(message);
      }
    },
    [completeSignIn],
  );

  const clearSession = useCallback(() => {
    clearStoredAuth();
    dispatch({ type: 'signed-out' });
    dropPrivateData();
    dispatchAuthChange(null);
  }, [dropPrivateData]);

  const logout = useCallback(() => {
    // The request's headers are built synchronously, so it still carries the token.
    api.post<void>('/auth/logout', undefined, { expireSessionOn401: false }).catch(() => {});
    clearSession();
    void navigate('/');
  }, [clearSession, navigate]);

  const updateUser = useCallback(
    (user: User) => {
      writeStoredUser(user);
      queryClient.setQueryData<UserResponse>(queryKeys.me, { user });
      dispatch({ type: 'user-updated', user });
    },
    [queryClient],
  );

  const refreshUser = useCallback(async (): Promise<User | null> => {
    if (!readStoredAuth()) return null;
    const { user: fresh } = await fetchMe();
    // Signed out while the call ran (another tab, a 401): do not store the user again.
    if (!readStoredAuth()) return null;
    updateUser(fresh);
    return fresh;
  }, [updateUser]);

  const clearError = useCallback(() => dispatch({ type: 'clear-error' }), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      user,
      login,
      register,
      logout,
      clearSession,
      updateUser,
      refreshUser,
      clearError,
    }),
    [state, user, login, register, logout, clearSession, updateUser, refreshUser, clearError],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Returns the auth state and actions; must be used under {@link AuthProvider}. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
