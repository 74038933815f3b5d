import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_EVENTS, CLIENT_ERRORS, STORAGE_KEYS, type User } from '@flockr/contract';
import { makeUser } from '../test/fixtures';
import { json, mockApi } from '../test/mock-api';
import { currentUrl, renderRoute, signIn } from '../test/render';
import { authReducer, initialAuthState, useAuth } from './auth';
import { parseAuthResponse, readStoredAuth } from './auth-storage';

/** Shows the auth state and buttons for its actions. */
function AuthProbe() {
  const auth = useAuth();
  return (
    <div>
      <p data-testid="user">{auth.user ? auth.user.username : 'none'}</p>
      <p data-testid="loading">{String(auth.loading)}</p>
      <p data-testid="error">{auth.error ?? ''}</p>
      <button
        type="button"
        onClick={() =>
          void auth.login({ email: 'alice@example.com', password: 'secret' }).catch(() => {})
        }
      >
        login
      </button>
      <button type="button" onClick={auth.logout}>
        logout
      </button>
    </div>
  );
}

const authAnswer = (user: User) => ({
  token: 'new-token',
  expires_at: '2099-01-01T00:00:00.000Z',
  user,
});

describe('authReducer', () => {
  it('starts loading with no user', () => {
    expect(initialAuthState).toEqual({ user: null, loading: true, error: null });
  });

  it('moves through restore, failure, sign-in, update and sign-out', () => {
    const user = makeUser();
    let state = authReducer(initialAuthState, { type: 'restored', user: null });
    expect(state).toEqual({ user: null, loading: false, error: null });
    state = authReducer(state, { type: 'failed', error: 'Login failed' });
    expect(state.error).toBe('Login failed');
    state = authReducer(state, { type: 'signed-in', user });
    expect(state).toEqual({ user, loading: false, error: null });
    const renamed = { ...user, username: 'alicia' };
    state = authReducer(state, { type: 'user-updated', user: renamed });
    expect(state.user).toEqual(renamed);
    state = authReducer(state, { type: 'signed-out' });
    expect(state.user).toBeNull();
    // An update arriving after sign-out does not sign the user back in.
    expect(authReducer(state, { type: 'user-updated', user }).user).toBeNull();
  });
});

describe('auth storage helpers', () => {
  it('rejects an answer without a token with "Invalid response format"', () => {
    expect(() => parseAuthResponse({ user: makeUser() })).toThrow(
      CLIENT_ERRORS.invalidResponseFormat,
    );
    expect(parseAuthResponse(authAnswer(makeUser())).token).toBe('new-token');
  });

  it('clears both keys when the stored user is not valid JSON', () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    window.localStorage.setItem(STORAGE_KEYS.user, '{not json');
    expect(readStoredAuth()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('clears both keys when the stored user does not match the schema', () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ username: 'x' }));
    expect(readStoredAuth()).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });
});

describe('AuthProvider', () => {
  it('restores the user from storage, then refreshes it from /auth/me', async () => {
    const user = makeUser();
    signIn(user);
    const { callsTo } = mockApi({ 'GET /auth/me': { user: { ...user, username: 'alice2' } } });
    renderRoute(<AuthProbe />);
    expect(screen.getByTestId('user')).toHaveTextContent('alice');
    expect(screen.getByTestId('loading')).toHaveTextContent('false');
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('alice2'));
    expect(callsTo('GET /auth/me')[0]!.headers.get('Authorization')).toBe('Bearer test-token');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!).username).toBe('alice2');
  });

  it('starts signed out when the stored user is corrupt, and clears both keys', () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    window.localStorage.setItem(STORAGE_KEYS.user, 'corrupt');
    mockApi();
    renderRoute(<AuthProbe />);
    expect(screen.getByTestId('user')).toHaveTextContent('none');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('login stores token and user and broadcasts auth-change with the user', async () => {
    const user = makeUser();
    const { callsTo } = mockApi({
      'POST /auth/login': authAnswer(user),
      'GET /auth/me': { user },
    });
    const changes: Array<User | null> = [];
    const onChange = (e: Event) => changes.push((e as CustomEvent<User | null>).detail);
    window.addEventListener(AUTH_EVENTS.change, onChange);
    renderRoute(<AuthProbe />);
    await userEvent.click(screen.getByRole('button', { name: 'login' }));
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('alice'));
    window.removeEventListener(AUTH_EVENTS.change, onChange);
    expect(callsTo('POST /auth/login')[0]!.body).toEqual({
      email: 'alice@example.com',
      password: 'secret',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(user);
    expect(changes).toEqual([user]);
  });

  it('login rejects an answer without a token with "Invalid response format"', async () => {
    mockApi({ 'POST /auth/login': { user: makeUser() } });
    renderRoute(<AuthProbe />);
    await userEvent.click(screen.getByRole('button', { name: 'login' }));
    await waitFor(() =>
      expect(screen.getByTestId('error')).toHaveTextContent(CLIENT_ERRORS.invalidResponseFormat),
    );
    expect(screen.getByTestId('user')).toHaveTextContent('none');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('logout clears storage, broadcasts auth-change with null, tells the server and goes to /', async () => {
    const user = makeUser();
    signIn(user);
    const { callsTo } = mockApi({
      'GET /auth/me': { user },
      'POST /auth/logout': new Response(null, { status: 204 }),
    });
    const changes: Array<User | null> = [];
    const onChange = (e: Event) => changes.push((e as CustomEvent<User | null>).detail);
    window.addEventListener(AUTH_EVENTS.change, onChange);
    const { router } = renderRoute(<AuthProbe />, { path: '/profile' });
    await userEvent.click(screen.getByRole('button', { name: 'logout' }));
    window.removeEventListener(AUTH_EVENTS.change, onChange);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(changes).toEqual([null]);
    expect(currentUrl(router)).toBe('/');
    expect(callsTo('POST /auth/logout')[0]!.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('a 401 anywhere (here /auth/me) clears storage and the user through auth-expired', async () => {
    signIn(makeUser());
    mockApi({
      'GET /auth/me': json({ error: 'Your session has expired. Please log in again' }, 401),
    });
    const expired = vi.fn();
    window.addEventListener(AUTH_EVENTS.expired, expired);
    renderRoute(<AuthProbe />);
    expect(screen.getByTestId('user')).toHaveTextContent('alice');
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('none'));
    window.removeEventListener(AUTH_EVENTS.expired, expired);
    expect(expired).toHaveBeenCalled();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('an auth-expired event from elsewhere signs the user out', async () => {
    const user = makeUser();
    signIn(user);
    mockApi({ 'GET /auth/me': { user } });
    renderRoute(<AuthProbe />);
    expect(screen.getByTestId('user')).toHaveTextContent('alice');
    act(() => {
      window.dispatchEvent(new CustomEvent(AUTH_EVENTS.expired));
    });
    expect(screen.getByTestId('user')).toHaveTextContent('none');
  });
});
