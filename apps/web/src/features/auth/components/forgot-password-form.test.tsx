import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API,
  API_ERROR_CODES,
  API_ERRORS,
  FORGOT_PASSWORD_MESSAGE,
  VALIDATION_MESSAGES,
} from '@flockr/contract';
import ForgotPasswordRoute from '../../../app/routes/forgot-password';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { renderRoute } from '../../../test/render';

function renderForgot() {
  return renderRoute(<ForgotPasswordRoute />, { path: '/forgot-password' });
}

async function send(email: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

describe('forgot password', () => {
  it('sends the address and shows the one notice; editing the address hides it', async () => {
    mockEndpoint(API.auth.forgotPassword, { message: FORGOT_PASSWORD_MESSAGE });
    renderForgot();
    await send('Alice@Example.com');
    expect(await screen.findByRole('status')).toHaveTextContent(FORGOT_PASSWORD_MESSAGE);
    expect(callsTo(API.auth.forgotPassword).map((c) => c.body)).toEqual([
      { email: 'alice@example.com' },
    ]);
    await userEvent.type(screen.getByLabelText('Email'), 'x');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('checks the address before calling the server', async () => {
    mockEndpoint(API.auth.forgotPassword, { message: FORGOT_PASSWORD_MESSAGE });
    renderForgot();
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(VALIDATION_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(callsTo(API.auth.forgotPassword)).toHaveLength(0);
  });

  it('shows too many requests as the server text, not the notice', async () => {
    mockEndpoint(
      API.auth.forgotPassword,
      reply(429, { error: API_ERRORS.tooManyRequests, code: API_ERROR_CODES.tooManyRequests }),
    );
    renderForgot();
    await send('alice@example.com');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(API_ERRORS.tooManyRequests);
    expect(alert.nextElementSibling).toBe(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
