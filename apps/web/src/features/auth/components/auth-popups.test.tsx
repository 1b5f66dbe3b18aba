import { createHash } from 'node:crypto';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberInfo, mockApi, settingsRoutes, whitelabel } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const loginValue = { token: 'tok-1', firstTimeLogin: false, passwordExpired: false };

describe('register popup', () => {
  it('shows tabs only when the merchant enables more than one way to register', async () => {
    mockApi(settingsRoutes);
    const { unmount } = await renderApp('/register');
    // The file's first render of the whole app: on a slow machine its lazy chunks take over a second.
    const dialog = await screen.findByRole('dialog', { name: 'Register' }, { timeout: 5_000 });
    expect(await within(dialog).findAllByRole('tab')).toHaveLength(2);
    unmount();

    mockApi({
      ...settingsRoutes,
      'GET /wps/system/whitelabel': { value: { ...whitelabel, MOBILENUMREG3: false } },
    });
    await renderApp('/register');
    const single = await screen.findByRole('dialog', { name: 'Register' });
    await within(single).findByLabelText('Username', { selector: 'input' });
    expect(within(single).queryByRole('tab')).toBeNull();
  });

  it('checks fields with the pattern messages before sending anything', async () => {
    const calls = mockApi(settingsRoutes);
    const user = userEvent.setup();
    await renderApp('/register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    await user.type(await within(dialog).findByLabelText('Username', { selector: 'input' }), '9lives');
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    const alerts = within(dialog)
      .getAllByRole('alert')
      .map((a) => a.textContent);
    expect(alerts).toContain('4-16 letters or digits, starting with a letter');
    expect(alerts).toContain('8-64 characters');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('keeps the terms box checked by default, and unchecking it blocks the submit with a message', async () => {
    const calls = mockApi({ ...settingsRoutes, 'PUT /wps/member/register': { value: loginValue } });
    const user = userEvent.setup();
    await renderApp('/register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    const terms = await within(dialog).findByRole('checkbox', { name: /accept the terms/ });
    expect((terms as HTMLInputElement).checked).toBe(true);
    await user.type(within(dialog).getByLabelText('Username', { selector: 'input' }), 'maria2026');
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'long-enough');
    await user.type(within(dialog).getByLabelText('Confirm password', { selector: 'input' }), 'long-enough');
    await user.click(terms);
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(within(dialog).getByText('Please accept the terms and conditions to continue')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.click(terms);
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Register' })).toBeNull());
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      username: 'maria2026',
      password: 'long-enough',
      registerMethod: 'WEB',
    });
    expect(sessionStorage.getItem('token')).toBe('tok-1');
  });

  it('warns about an invalid invitation code once, and not about a code cleared before the answer came', async () => {
    let answer = () => {};
    const calls = mockApi({
      ...settingsRoutes,
      'GET /wps/agent/affiliate': () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({ status: 400, code: 'INVALID_AFFILIATE_CODE', message: 'Invalid invitation code' });
        }),
    });
    const checks = () => calls.filter((c) => c.path === '/wps/agent/affiliate').length;
    const user = userEvent.setup();
    await renderApp('/register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    const code = await within(dialog).findByLabelText('Invitation code (optional)', { selector: 'input' });

    // On a slow network the person clears the code before the answer: no warning about it.
    await user.type(code, 'NOPE1234');
    await user.tab();
    await vi.waitFor(() => expect(checks()).toBe(1));
    await user.clear(code);
    await act(async () => answer());
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.type(code, 'NOPE1234');
    await user.tab();
    await vi.waitFor(() => expect(checks()).toBe(2));
    await act(async () => answer());
    const warning = await screen.findByRole('alertdialog', { name: 'Invitation code' });
    await user.click(within(warning).getByRole('button', { name: 'OK' }));
    // Leaving the field again with the same code does not ask or warn again.
    await user.click(code);
    await user.tab();
    expect(checks()).toBe(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(dialog).getByRole('alert').textContent).toContain('Invalid invitation code');
  });

  it('shows a server field error under that field, without the field name', async () => {
    mockApi({
      ...settingsRoutes,
      'PUT /wps/member/register': {
        status: 409,
        code: 'USERNAME_TAKEN',
        message: 'This username is already registered.',
      },
    });
    const user = userEvent.setup();
    await renderApp('/register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    const username = await within(dialog).findByLabelText('Username', { selector: 'input' });
    await user.type(username, 'maria2026');
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'long-enough');
    await user.type(within(dialog).getByLabelText('Confirm password', { selector: 'input' }), 'long-enough');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByText('This username is already registered.')).toBeTruthy();
    expect(username.getAttribute('aria-invalid')).toBe('true');
  });

  it('counts the SMS button down from expiredMinutes × 60 s and then allows a resend', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockApi({
      ...settingsRoutes,
      'POST /wps/verification/sms/register': { value: { expiredMinutes: 1 } },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderApp('/register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    await user.click(await within(dialog).findByRole('tab', { name: 'Mobile number' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(within(dialog).getByText('Input cannot be empty')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Mobile number', { selector: 'input' }), '11987654321');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    const counting = await within(dialog).findByRole('button', { name: /Resend in (60|59) s/ });
    expect((counting as HTMLButtonElement).disabled).toBe(true);
    expect(calls.find((c) => c.path === '/wps/verification/sms/register')?.body).toEqual({
      mobileNo: '11987654321',
      countryDialingCode: '55',
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(within(dialog).getByRole('button', { name: /Resend in (30|29) s/ })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    expect((within(dialog).getByRole('button', { name: 'Send code' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});

describe('login popup', () => {
  // Changed with the proof-of-work challenge: the captcha flag now makes the next attempt solve a
  // proof of work (the image captcha appears only where the merchant asks for it as well).
  it('after a failed login that asks for it, solves a proof of work before the next attempt and sends it', async () => {
    const salt = 'c0ffee?expires=4102444800&';
    const challenge = {
      algorithm: 'SHA-256',
      challenge: createHash('sha256').update(`${salt}1234`).digest('hex'),
      maxnumber: 5000,
      salt,
      signature: 'sig-1',
    };
    const calls = mockApi({
      ...settingsRoutes,
      'POST /wps/session/login': ({ body }) =>
        (body as { altcha?: string }).altcha
          ? { value: loginValue }
          : {
              status: 401,
              code: 'INVALID_CREDENTIALS',
              message: 'Incorrect username or password',
              value: { captchaRequired: true, challenge: 'pow' },
            },
      'GET /wps/captcha/pow': { value: challenge },
      'GET /wps/member/info': { value: memberInfo },
    });
    const user = userEvent.setup();
    await renderApp('/login');
    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    await user.type(within(dialog).getByLabelText('Username', { selector: 'input' }), 'maria');
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'wrong-one');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByText('Incorrect username or password')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Captcha')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByText(/Verifying you are human…/)).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Login' })).toBeNull());
    const sent = calls.filter((c) => c.path === '/wps/session/login').at(-1)?.body as { altcha: string };
    expect(JSON.parse(atob(sent.altcha))).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 1234,
      salt,
      signature: 'sig-1',
    });
    expect(calls.some((c) => c.path === '/wps/captcha')).toBe(false);
  });

  it("after one account's failed login, the next person signs in from the same dialog without a proof of work", async () => {
    // The server challenges the failed account from this address only (issue 14, defect 6).
    const calls = mockApi({
      ...settingsRoutes,
      'POST /wps/session/login': ({ body }) =>
        (body as { username: string }).username === 'joao'
          ? { value: loginValue }
          : {
              status: 401,
              code: 'INVALID_CREDENTIALS',
              message: 'Incorrect username or password',
              value: { captchaRequired: true, challenge: 'pow' },
            },
      'GET /wps/member/info': { value: memberInfo },
    });
    const user = userEvent.setup();
    await renderApp('/login');
    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    const username = within(dialog).getByLabelText('Username', { selector: 'input' });
    const password = within(dialog).getByLabelText('Password', { selector: 'input' });
    await user.type(username, 'maria');
    await user.type(password, 'wrong-one');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByText('Incorrect username or password')).toBeTruthy();
    await user.clear(username);
    await user.type(username, 'joao');
    await user.clear(password);
    await user.type(password, 'his-own-password');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Login' })).toBeNull());
    expect(calls.some((c) => c.path === '/wps/captcha/pow')).toBe(false);
    const sent = calls.filter((c) => c.path === '/wps/session/login').at(-1)?.body as Record<string, unknown>;
    expect(sent.username).toBe('joao');
    expect(sent.altcha).toBeUndefined();
  });

  it('offers to unlock a locked account with a code sent to the owner', async () => {
    const calls = mockApi({
      ...settingsRoutes,
      'POST /wps/session/login': {
        status: 429,
        code: 'ACCOUNT_LOCKED',
        message: 'Too many failed logins. This account is locked for 30 minutes.',
        value: { unlock: true },
      },
      'POST /wps/member/unlock/send': { value: null },
      'POST /wps/member/unlock': { value: null },
    });
    const user = userEvent.setup();
    await renderApp('/login');
    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    await user.type(within(dialog).getByLabelText('Username', { selector: 'input' }), 'maria');
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'right-one');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Unlock with a code' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send unlock code' }));
    await user.type(await within(dialog).findByLabelText('Unlock code', { selector: 'input' }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock account' }));
    expect(await within(dialog).findByText('Your account is unlocked. You can log in now.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/wps/member/unlock/send')?.body).toEqual({ username: 'maria' });
    expect(calls.find((c) => c.path === '/wps/member/unlock')?.body).toEqual({
      username: 'maria',
      code: '123456',
    });
  });

  it('opens a change-password popup that cannot be dismissed when the password expired', async () => {
    mockApi({
      ...settingsRoutes,
      'POST /wps/session/login': { value: { ...loginValue, passwordExpired: true } },
      'GET /wps/member/info': { value: memberInfo },
    });
    const user = userEvent.setup();
    await renderApp('/login');
    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    await user.type(within(dialog).getByLabelText('Username', { selector: 'input' }), 'maria');
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'old-password');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    const change = await screen.findByRole('dialog', { name: 'Change password' });
    expect(within(change).queryByRole('button', { name: 'Close' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeTruthy();
    expect(sessionStorage.getItem('passwordChangeRequired')).toBe('1');
  });

  it('remembers only the username, in a one-day cookie', async () => {
    mockApi({
      ...settingsRoutes,
      'POST /wps/session/login': { value: loginValue },
      'GET /wps/member/info': { value: memberInfo },
    });
    const cookieWrites: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      cookieWrites.push(value);
      descriptor?.set?.call(document, value);
    });
    const user = userEvent.setup();
    await renderApp('/login');
    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    await user.type(within(dialog).getByLabelText('Username', { selector: 'input' }), 'maria');
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'secret-password');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Remember my username' }));
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(cookieWrites).toHaveLength(1));
    expect(cookieWrites[0]).toContain('rememberedUsername=maria;');
    expect(cookieWrites[0]).toContain('Max-Age=86400');
    expect(cookieWrites.join()).not.toContain('secret-password');
  });

  it('asks for a second verification from a new address, sends the code, then completes the login', async () => {
    const calls = mockApi({
      ...settingsRoutes,
      'POST /wps/session/login': {
        status: 403,
        code: 'SECOND_VERIFICATION_REQUIRED',
        message: 'Please complete verification first.',
        value: {
          challengeId: 'ch-1',
          methods: [
            { method: 'sms', target: '55*****4321' },
            { method: 'payeeName', target: '' },
          ],
        },
      },
      'POST /wps/session/login/verification/send': { value: { expiredMinutes: 5 } },
      'POST /wps/session/login/verification': { value: loginValue },
      'GET /wps/member/info': { value: memberInfo },
    });
    const user = userEvent.setup();
    await renderApp('/login');
    const login = await screen.findByRole('dialog', { name: 'Login' });
    await user.type(within(login).getByLabelText('Username', { selector: 'input' }), 'maria');
    await user.type(within(login).getByLabelText('Password', { selector: 'input' }), 'right-password');
    await user.click(within(login).getByRole('button', { name: 'Log in' }));
    const verify = await screen.findByRole('dialog', { name: "Verify it's you" });
    expect(within(verify).getByRole('radio', { name: 'SMS code to 55*****4321' })).toBeTruthy();
    await user.click(within(verify).getByRole('button', { name: 'Send code' }));
    expect(await within(verify).findByRole('button', { name: /Resend in (300|299) s/ })).toBeTruthy();
    await user.type(within(verify).getByLabelText('Verification code', { selector: 'input' }), '123456');
    await user.click(within(verify).getByRole('button', { name: 'Verify and log in' }));
    await vi.waitFor(() => expect(sessionStorage.getItem('token')).toBe('tok-1'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((c) => c.path === '/wps/session/login/verification')?.body).toEqual({
      challengeId: 'ch-1',
      method: 'sms',
      code: '123456',
    });
  });
});

describe('forgot password popup', () => {
  // Changed: the e-mail now carries a reset link instead of a new password.
  it('sends username and e-mail form-encoded, then says a reset link was sent', async () => {
    const calls = mockApi({ ...settingsRoutes, 'POST /wps/member/password/email': { value: null } });
    const user = userEvent.setup();
    await renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const forgot = await screen.findByRole('dialog', { name: 'Forgot password' });
    await user.type(within(forgot).getByLabelText('Username', { selector: 'input' }), 'maria');
    await user.type(within(forgot).getByLabelText('E-mail', { selector: 'input' }), 'not-an-email');
    await user.click(within(forgot).getByRole('button', { name: 'Send reset link' }));
    expect(within(forgot).getByText('Please enter a valid e-mail address')).toBeTruthy();
    await user.clear(within(forgot).getByLabelText('E-mail', { selector: 'input' }));
    await user.type(within(forgot).getByLabelText('E-mail', { selector: 'input' }), 'maria@example.com');
    await user.click(within(forgot).getByRole('button', { name: 'Send reset link' }));
    expect(await within(forgot).findByText(/We sent a reset link to your e-mail/)).toBeTruthy();
    const call = calls.find((c) => c.path === '/wps/member/password/email');
    expect(call?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(call?.body).toBe('username=maria&email=maria%40example.com');
    await user.click(within(forgot).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
