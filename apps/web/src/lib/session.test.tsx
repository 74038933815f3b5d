import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import {
  API,
  API_ERROR_CODES,
  API_ERRORS,
  AUTH_EVENTS,
  CLIENT_ERRORS,
  STORAGE_KEYS,
  type User,
} from '@flockr/contract';
import { callsTo, mockEndpoint, reply, type Reply } from '../test/api';
import { makeUser } from '../test/fixtures';
import { currentUrl, renderRoute, signIn } from '../test/render';
import { readStoredAuth } from './auth-storage';
import { useLogin, useLogout, useSession, useSetSessionUser } from './session';

/** Shows the session and buttons for its actions. */
function SessionProbe() {
  const { user, loading } = useSession();
  const login = useLogin();
  const logout = useLogout();
  const setSessionUser = useSetSessionUser();
  return (
    <div>
      <p data-testid="user">{user ? user.username : 'none'}</p>
      <p data-testid="loading">{String(loading)}</p>
      <p data-testid="error">{login.error?.message ?? ''}</p>
      <button
        type="button"
        onClick={() => login.mutate({ email: 'alice@example.com', password: 'secret' })}
      >
        login
      </button>
      <button type="button" onClick={logout}>
        logout
      </button>
      <button type="button" onClick={() => setSessionUser(makeUser({ username: 'renamed' }))}>
        rename
      </button>
    </div>
  );
}

const shownUser = () => screen.getByTestId('user');

const authAnswer = (user: User) => ({
  token: 'new-token',
  expires_at: '2099-01-01T00:00:00.000Z',
  user,
});

const sessionExpired = {
  error: API_ERRORS.invalidToken,
  code: API_ERROR_CODES.invalidToken,
};

/** Records the `auth-change` events broadcast while `run` runs. */
async function authChanges(run: () => Promise<void>): Promise<Array<User | null>> {
  const changes: Array<User | null> = [];
  const onChange = (e: Event) => changes.push((e as CustomEvent<User | null>).detail);
  window.addEventListener(AUTH_EVENTS.change, onChange);
  try {
    await run();
  } finally {
    window.removeEventListener(AUTH_EVENTS.change, onChange);
  }
  return changes;
}

describe('restoring the session (requirements §4)', () => {
  it('shows the stored user at once, then refreshes it from /auth/me', async () => {
    const user = makeUser();
    signIn(user);
    mockEndpoint(API.auth.me, { user: { ...user, username: 'alice2' } });
    renderRoute(<SessionProbe />);
    expect(shownUser()).toHaveTextContent('alice');
    expect(screen.getByTestId('loading')).toHaveTextContent('false');
    await waitFor(() => expect(shownUser()).toHaveTextContent('alice2'));
    expect(callsTo(API.auth.me)[0]!.headers.get('Authorization')).toBe('Bearer test-token');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!).username).toBe('alice2');
  });

  it('starts signed out without calling the server when nothing is stored', async () => {
    mockEndpoint(API.auth.me, { user: makeUser() });
    renderRoute(<SessionProbe />);
    expect(shownUser()).toHaveTextContent('none');
    await waitFor(() => expect(screen.getByTestId('loading')).toHaveTextContent('false'));
    expect(callsTo(API.auth.me)).toHaveLength(0);
  });

  it.each([
    ['is not valid JSON', '{not json'],
    ['does not match the user schema', JSON.stringify({ username: 'x' })],
    ['is missing', null],
  ])('starts signed out when the stored user %s, and clears both keys', (_case, stored) => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    if (stored !== null) window.localStorage.setItem(STORAGE_KEYS.user, stored);
    renderRoute(<SessionProbe />);
    expect(shownUser()).toHaveTextContent('none');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(readStoredAuth()).toBeNull();
  });
});

describe('login', () => {
  it('stores token and user and broadcasts auth-change with the user', async () => {
    const user = makeUser();
    mockEndpoint(API.auth.login, authAnswer(user));
    renderRoute(<SessionProbe />);
    const changes = await authChanges(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'login' }));
      await waitFor(() => expect(shownUser()).toHaveTextContent('alice'));
    });
    expect(callsTo(API.auth.login)[0]!.body).toEqual({
      email: 'alice@example.com',
      password: 'secret',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(user);
    expect(changes).toEqual([user]);
  });

  it('rejects an answer without a token with "Invalid response format"', async () => {
    // The API never answers so (the mock layer would refuse it): a raw answer stands in for a
    // broken server or proxy.
    mockEndpoint(API.auth.login, HttpResponse.json({ user: makeUser() }));
    renderRoute(<SessionProbe />);
    const changes = await authChanges(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'login' }));
      await waitFor(() =>
        expect(screen.getByTestId('error')).toHaveTextContent(CLIENT_ERRORS.invalidResponseFormat),
      );
    });
    expect(shownUser()).toHaveTextContent('none');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(changes).toEqual([]);
  });

  it('shows wrong credentials as the server text and keeps a stored session', async () => {
    const user = makeUser();
    signIn(user);
    mockEndpoint(API.auth.me, { user });
    mockEndpoint(
      API.auth.login,
      reply(401, {
        error: API_ERRORS.invalidCredentials,
        code: API_ERROR_CODES.invalidCredentials,
      }),
    );
    renderRoute(<SessionProbe />);
    await userEvent.click(screen.getByRole('button', { name: 'login' }));
    await waitFor(() =>
      expect(screen.getByTestId('error')).toHaveTextContent(API_ERRORS.invalidCredentials),
    );
    expect(shownUser()).toHaveTextContent('alice');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('test-token');
  });
});

describe('logout', () => {
  it('clears storage, broadcasts auth-change with null, tells the server and goes to /', async () => {
    const user = makeUser();
    signIn(user);
    mockEndpoint(API.auth.me, { user });
    mockEndpoint(API.auth.logout, reply(204, undefined));
    const { router } = renderRoute(<SessionProbe />, { path: '/profile' });
    const changes = await authChanges(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'logout' }));
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(changes).toEqual([null]);
    expect(currentUrl(router)).toBe('/');
    await waitFor(() => expect(callsTo(API.auth.logout)).toHaveLength(1));
    expect(callsTo(API.auth.logout)[0]!.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('signs out here even when the server call fails', async () => {
    const user = makeUser();
    signIn(user);
    mockEndpoint(API.auth.me, { user });
    mockEndpoint(API.auth.logout, reply(401, sessionExpired));
    const { router } = renderRoute(<SessionProbe />, { path: '/profile' });
    await userEvent.click(screen.getByRole('button', { name: 'logout' }));
    await waitFor(() => expect(callsTo(API.auth.logout)).toHaveLength(1));
    expect(screen.getByTestId('elsewhere')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('ending the session from elsewhere', () => {
  it('a 401 anywhere (here /auth/me) clears storage and the user through auth-expired', async () => {
    signIn(makeUser());
    mockEndpoint(API.auth.me, reply(401, sessionExpired));
    const expired = vi.fn();
    window.addEventListener(AUTH_EVENTS.expired, expired);
    renderRoute(<SessionProbe />);
    expect(shownUser()).toHaveTextContent('alice');
    await waitFor(() => expect(shownUser()).toHaveTextContent('none'));
    window.removeEventListener(AUTH_EVENTS.expired, expired);
    expect(expired).toHaveBeenCalled();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('an auth-expired event from elsewhere signs the user out', async () => {
    const user = makeUser();
    signIn(user);
    mockEndpoint(API.auth.me, { user });
    const { queryClient } = renderRoute(<SessionProbe />);
    expect(shownUser()).toHaveTextContent('alice');
    // Let the background refresh settle first.
    await waitFor(() => expect(callsTo(API.auth.me)).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    act(() => {
      window.dispatchEvent(new CustomEvent(AUTH_EVENTS.expired));
    });
    await waitFor(() => expect(shownUser()).toHaveTextContent('none'));
  });

  it('a /auth/me answer arriving after sign-out does not sign the user back in', async () => {
    const user = makeUser();
    signIn(user);
    let answer: (value: Reply<typeof API.auth.me>) => void = () => {};
    mockEndpoint(
      API.auth.me,
      () =>
        new Promise<Reply<typeof API.auth.me>>((resolve) => {
          answer = resolve;
        }),
    );
    renderRoute(<SessionProbe />);
    await waitFor(() => expect(callsTo(API.auth.me)).toHaveLength(1));
    // Another tab signs out (storage cleared) while the call runs.
    act(() => {
      window.localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
    });
    await waitFor(() => expect(shownUser()).toHaveTextContent('none'));
    answer(reply<typeof API.auth.me, 200>(200, { user }));
    // Let the answer arrive and settle.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shownUser()).toHaveTextContent('none');
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});

describe('other tabs (storage events)', () => {
  it('follows another tab signing out and signing in', async () => {
    const user = makeUser();
    signIn(user);
    mockEndpoint(API.auth.me, { user });
    renderRoute(<SessionProbe />);
    expect(shownUser()).toHaveTextContent('alice');

    act(() => {
      window.localStorage.removeItem(STORAGE_KEYS.token);
      window.localStorage.removeItem(STORAGE_KEYS.user);
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
    });
    await waitFor(() => expect(shownUser()).toHaveTextContent('none'));

    act(() => {
      signIn(makeUser({ username: 'bob' }), 'bob-token');
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.user }));
    });
    await waitFor(() => expect(shownUser()).toHaveTextContent('bob'));
  });

  it('ignores storage changes of other keys', async () => {
    const user = makeUser();
    signIn(user);
    mockEndpoint(API.auth.me, { user });
    const { queryClient } = renderRoute(<SessionProbe />);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    act(() => {
      window.localStorage.setItem('theme', 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
    });
    // Give a (wrong) reaction the time to show.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shownUser()).toHaveTextContent('alice');
  });
});

describe('updating the user', () => {
  it('useSetSessionUser replaces the user in the session and in storage', async () => {
    const user = makeUser();
    signIn(user);
    mockEndpoint(API.auth.me, { user });
    renderRoute(<SessionProbe />);
    await waitFor(() => expect(callsTo(API.auth.me)).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'rename' }));
    expect(shownUser()).toHaveTextContent('renamed');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!).username).toBe('renamed');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('test-token');
  });
});
