import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, operatorWith, renderConsole } from '../../../test/render-console';

const signedOut = { status: 401, code: 'UNAUTHORIZED', message: 'Sign in first' };
// Finance reads the reports: the console opens on the dashboard after signing in.
const ana = operatorWith(['finance']);

async function submitPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/Username/), 'ana');
  await user.type(screen.getByLabelText(/Password/), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('operator sign-in', () => {
  it('refuses a code that is not six digits before asking the server, then sends six digits', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': signedOut,
      'POST /ops/console/sign-in': { value: { challenge: 'ch-1', enrol: null } },
      'POST /ops/console/sign-in/second-factor': { value: { operator: ana, recoveryCodes: null } },
    });
    renderConsole('/');
    await submitPassword(user);

    const code = await screen.findByLabelText(/Authenticator code/);
    for (const typed of ['12345', '12a456', '1234567']) {
      await user.clear(code);
      await user.type(code, typed);
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('Enter the 6 digits from your authenticator app.')).toBeTruthy();
    }
    expect(server.callsTo('POST /ops/console/sign-in/second-factor')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(server.callsTo('POST /ops/console/sign-in/second-factor').map((call) => call.body)).toEqual([
      { challenge: 'ch-1', code: '123456' },
    ]);
  });

  it('shows the server message for a wrong password', async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /ops/console/me': signedOut,
      'POST /ops/console/sign-in': {
        status: 401,
        code: 'INVALID_CREDENTIALS',
        message: 'Wrong username or password',
      },
    });
    renderConsole('/');
    await submitPassword(user);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Wrong username or password');
    expect(screen.getByLabelText(/Username/)).toBeTruthy();
  });

  it('offers a recovery code instead of the authenticator code', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': signedOut,
      'POST /ops/console/sign-in': { value: { challenge: 'ch-2', enrol: null } },
      'POST /ops/console/sign-in/second-factor': { value: { operator: ana, recoveryCodes: null } },
    });
    renderConsole('/');
    await submitPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText(/Recovery code/), 'abcd-efgh');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(server.callsTo('POST /ops/console/sign-in/second-factor')[0]?.body).toEqual({
      challenge: 'ch-2',
      recoveryCode: 'abcd-efgh',
    });
  });

  it('enrols the authenticator when the server asks, then shows the recovery codes once', async () => {
    const user = userEvent.setup();
    const codes = Array.from({ length: 10 }, (_, i) => `code-${i}`);
    fakeServer({
      'GET /ops/console/me': signedOut,
      'POST /ops/console/sign-in': {
        value: {
          challenge: 'ch-3',
          enrol: {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauthUri: 'otpauth://totp/Sorte:ana?secret=JBSWY3DPEHPK3PXP&issuer=Sorte',
          },
        },
      },
      'POST /ops/console/sign-in/second-factor': { value: { operator: ana, recoveryCodes: codes } },
    });
    renderConsole('/');
    await submitPassword(user);

    expect(await screen.findByRole('heading', { name: 'Set up two-step verification' })).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(screen.getByRole('button', { name: 'Copy the key' })).toBeTruthy();
    // No recovery codes exist before enrolment.
    expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).toBeNull();

    await user.type(screen.getByLabelText(/Authenticator code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeTruthy();
    for (const code of codes) expect(screen.getByText(code)).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'I have saved them' }));
    await user.click(next);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('goes to sign-in when a call answers 401, and comes back to the same list afterwards', async () => {
    const user = userEvent.setup();
    let isSignedIn = true;
    const withdrawalsPage = { value: { content: [], pageNum: 1, totalPages: 0, total: 0 } };
    const server = fakeServer({
      'GET /ops/console/me': () => (isSignedIn ? { value: ana } : signedOut),
      'GET /ops/payments/withdrawals': () => (isSignedIn ? withdrawalsPage : signedOut),
      'POST /ops/console/sign-in': { value: { challenge: 'ch-4', enrol: null } },
      'POST /ops/console/sign-in/second-factor': () => {
        isSignedIn = true;
        return { value: { operator: ana, recoveryCodes: null } };
      },
    });
    const { router } = renderConsole('/withdrawals');
    expect(await screen.findByText('No withdrawals with this status.')).toBeTruthy();

    // The session ends on the server (expired, revoked); the next read is refused.
    isSignedIn = false;
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Paid' }));

    expect(await screen.findByRole('heading', { name: 'Operator sign-in' })).toBeTruthy();
    await submitPassword(user);
    await user.type(await screen.findByLabelText(/Authenticator code/), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Withdrawals' })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/console/withdrawals?status=paid',
    );
    await waitFor(() => {
      const last = server.callsTo('GET /ops/payments/withdrawals').at(-1);
      expect(last?.url.searchParams.get('status')).toBe('paid');
      expect(screen.getByText('No withdrawals with this status.')).toBeTruthy();
    });
  });

  it('sends the console language to the server', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': signedOut,
      'POST /ops/console/sign-in': { status: 429, message: 'Muitas tentativas. Espere um minuto.' },
    });
    renderConsole('/');
    await user.click(await screen.findByText('PT'));
    await user.type(await screen.findByLabelText(/Usuário/), 'ana');
    await user.type(screen.getByLabelText(/Senha/), 'x');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Muitas tentativas. Espere um minuto.')).toBeTruthy();
    expect(server.callsTo('POST /ops/console/sign-in')[0]?.headers.get('accept-language')).toBe('pt');
    expect(localStorage.getItem('sorte-console.language')).toBe('pt');
  });
});
