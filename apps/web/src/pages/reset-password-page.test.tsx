import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, settingsRoutes } from '../test/mock-api';
import { renderApp } from '../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const key = 'k'.repeat(43);

describe('reset password page (the e-mailed link)', () => {
  it('sets the new password with the key of the link, then offers to log in', async () => {
    const calls = mockApi({ ...settingsRoutes, 'POST /wps/member/password/reset': { value: null } });
    const user = userEvent.setup();
    await renderApp(`/reset-password?key=${key}`);
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await user.type(screen.getByLabelText('New password', { selector: 'input' }), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), 'brand-new-typo');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('Confirmation password is not correct.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/wps/member/password/reset')).toBe(false);
    await user.clear(screen.getByLabelText('Confirm new password', { selector: 'input' }));
    await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeTruthy();
    expect(calls.find((c) => c.path === '/wps/member/password/reset')?.body).toEqual({
      token: key,
      newPassword: 'brand-new-pass',
      confirmNewPassword: 'brand-new-pass',
    });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeTruthy();
  });

  it('shows the server message for a used or expired link', async () => {
    mockApi({
      ...settingsRoutes,
      'POST /wps/member/password/reset': {
        status: 400,
        code: 'RESET_LINK_INVALID',
        message: 'This reset link is invalid, has expired or was already used. Please ask for a new one.',
      },
    });
    const user = userEvent.setup();
    await renderApp(`/reset-password?key=${key}`);
    await user.type(await screen.findByLabelText('New password', { selector: 'input' }), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    // The form's own alert (the shell around the page may show one of its own: no games are mocked).
    const message = await screen.findByText(
      'This reset link is invalid, has expired or was already used. Please ask for a new one.',
    );
    expect(message.getAttribute('role')).toBe('alert');
  });
});
