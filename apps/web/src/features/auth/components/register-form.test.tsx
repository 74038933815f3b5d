import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import {
  API,
  API_ERROR_CODES,
  API_ERRORS,
  PASSWORD_STRENGTH_LABELS,
  STORAGE_KEYS,
  VALIDATION_MESSAGES,
} from '@flockr/contract';
import RegisterRoute from '../../../app/routes/register';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { makeUser } from '../../../test/fixtures';
import { currentUrl, renderRoute } from '../../../test/render';

const m = VALIDATION_MESSAGES;

/** Renders /register at `url` and waits for its form (loaded next to the page's first chunk). */
async function renderRegister(url = '/register') {
  const rendered = renderRoute(<RegisterRoute />, { path: '/register', url });
  await screen.findByRole('form', { name: 'Create account' });
  return rendered;
}

const field = (name: string) => screen.getByLabelText(name);
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

async function fillValid(user = userEvent.setup()) {
  await user.type(field('Username'), 'alice');
  await user.type(field('Email'), 'Alice@Example.com');
  await user.type(field('Password'), 'Str0ng!pass');
  await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }));
  return user;
}

describe('register form validation (requirements §5)', () => {
  it('shows every required message and clears each one as soon as its field is edited', async () => {
    await renderRegister();
    await submit();
    expect(await screen.findByText(m.usernameRequired)).toBeInTheDocument();
    expect(screen.getByText(m.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(m.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(m.termsRequired)).toBeInTheDocument();

    await userEvent.type(field('Username'), 'a');
    expect(screen.queryByText(m.usernameRequired)).not.toBeInTheDocument();
    // The other errors stay until their own field is edited.
    expect(screen.getByText(m.emailRequired)).toBeInTheDocument();

    await userEvent.type(field('Email'), 'a');
    expect(screen.queryByText(m.emailRequired)).not.toBeInTheDocument();
    await userEvent.type(field('Password'), 'a');
    expect(screen.queryByText(m.passwordRequired)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    expect(screen.queryByText(m.termsRequired)).not.toBeInTheDocument();
  });

  it('shows the rule messages for a short username, a bad email and a weak password', async () => {
    await renderRegister();
    await userEvent.type(field('Username'), 'ab');
    await userEvent.type(field('Email'), 'not-an-email');
    await userEvent.type(field('Password'), 'abcdefgh');
    await submit();
    expect(await screen.findByText(m.usernameTooShort)).toBeInTheDocument();
    expect(screen.getByText(m.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(m.passwordRequirements)).toBeInTheDocument();
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(field('Password'), 'X1');
    expect(screen.queryByText(m.passwordRequirements)).not.toBeInTheDocument();
    expect(screen.getByText(m.usernameTooShort)).toBeInTheDocument();
  });

  it.each([
    ['a', 1],
    ['aB', 2],
    ['aB3', 3],
    ['aB3!', 4],
    ['aB3!efgh', 5],
  ] as const)(
    'labels %j (meets %i criteria) with the spec strength word',
    async (password, met) => {
      await renderRegister();
      await userEvent.type(field('Password'), password);
      const meter = screen.getByTestId('password-strength');
      expect(within(meter).getByText(PASSWORD_STRENGTH_LABELS[met])).toBeInTheDocument();
      expect(within(meter).getAllByText('(met)', { exact: false })).toHaveLength(met);
    },
  );
});

describe('register submit', () => {
  it('omits an empty country, sends notifications_enabled, then welcomes and redirects', async () => {
    const user = makeUser();
    mockEndpoint(API.auth.register, {
      token: 'tok',
      expires_at: '2099-01-01T00:00:00.000Z',
      user,
    });
    mockEndpoint(API.auth.me, { user });
    const { router } = await renderRegister('/register?redirect=/plans');
    await fillValid();
    await submit();

    expect(
      await screen.findByRole('heading', { name: 'Welcome to Flockr, alice!' }),
    ).toBeInTheDocument();
    const payload = callsTo(API.auth.register)[0]!.body as Record<string, unknown>;
    expect(payload).toEqual({
      username: 'alice',
      email: 'alice@example.com',
      password: 'Str0ng!pass',
      notifications_enabled: true,
    });
    expect('country' in payload).toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    await waitFor(() => expect(currentUrl(router)).toBe('/plans'), { timeout: 3000 });
  });

  it('sends the chosen country and the unticked marketing box', async () => {
    mockEndpoint(
      API.auth.register,
      reply(409, { error: API_ERRORS.emailTaken, code: API_ERROR_CODES.emailTaken }),
    );
    await renderRegister();
    const u = await fillValid();
    await u.selectOptions(field('Country'), 'Germany');
    await u.click(screen.getByRole('checkbox', { name: /product news and offers/ }));
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An account with this email already exists');
    expect(callsTo(API.auth.register)[0]!.body).toMatchObject({
      country: 'DE',
      notifications_enabled: false,
    });
  });

  it('shows "Registration failed" when the answer has no text', async () => {
    // Not the API's own answer (it always has a text) but a proxy in front of it failing.
    mockEndpoint(API.auth.register, new HttpResponse(null, { status: 502 }));
    await renderRegister();
    await fillValid();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
  });

  it('offers the countries with an empty first option', async () => {
    await renderRegister();
    const options = within(field('Country')).getAllByRole('option');
    expect(options).toHaveLength(11);
    expect(options[0]).toHaveTextContent('Select a country (optional)');
    expect(options[0]).toHaveValue('');
  });
});
