import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { demoMember } from '../support/demo-member';
import { type RunningServer, startServer } from '../support/server';

/**
 * The operator console (issue 15) in a browser, on the real server: the first administrator (made
 * and printed by the first start of the run's seeded database, seeded-template.ts) signs in with a password and TOTP and creates a finance
 * user; finance approves the demo member's withdrawal, and the member's message and balance follow;
 * the queue works on a phone.
 */
let server: RunningServer;
let browser: Browser;

/** The root key, to set up the support, content and risk users the later tests sign in as. */
const OPERATOR_KEY = 'e2e-console-root-key-0123456789abcdef';

beforeAll(async () => {
  server = await startServer({ OPERATOR_API_KEY: OPERATOR_KEY });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The current code of an authenticator app holding this key (RFC 6238, as the console enrols it). */
const codeFor = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: at,
  });

/** A member's own API call (the player site's calls), with their session. */
async function memberCall<T>(
  path: string,
  token: string | null,
  body?: unknown,
  method?: string,
): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      lang: 'en',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; code: string; value: T };
  if (!response.ok || !envelope.success) throw new Error(`${path}: ${response.status} ${envelope.code}`);
  return envelope.value;
}

/**
 * Signs in on the console's sign-in page. The first time (no key yet) it enrols TOTP and saves the
 * recovery codes; later it types the code of the next time step (the enrolment's is spent: a code is
 * good once). Answers the key.
 */
async function signIn(
  page: Page,
  account: { username: string; password: string; secret?: string },
  shotName?: string,
): Promise<string> {
  await page.goto(`${server.url}/console/`);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (account.secret) {
    await page.getByLabel('Authenticator code').fill(codeFor(account.secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    return account.secret;
  }
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  await page.getByRole('img', { name: 'QR code to add this account to an authenticator app' }).waitFor();
  if (shotName) await screenshot(page, `${shotName}-enrol`);
  await page.getByLabel('Authenticator code').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
  if (shotName) await screenshot(page, `${shotName}-recovery-codes`);
  await page.getByRole('checkbox', { name: 'I have saved them' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  return secret;
}

type Balance = { balance: number; locked: number };
const PAYMENT_PASSWORD = '482915';
/** The demo member's session and PIX key, from the first test. */
let token = '';
let payeeId = '';
const demoWithdraws = (amount: number) =>
  memberCall<{ withdrawalId: string }>('/wps/relay/withdraw', token, {
    payeeAccountId: payeeId,
    amount,
    paymentPassword: PAYMENT_PASSWORD,
    requestId: randomUUID(),
  });

/** A console user made with the root key (the admin's screen for it is tested above). */
async function operatorWith(username: string, roles: string[]) {
  const response = await fetch(`${server.url}/ops/console/operators`, {
    method: 'POST',
    headers: { 'x-operator-key': OPERATOR_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ username, roles }),
  });
  const { value } = (await response.json()) as { value: { initialPassword: string } };
  return { username, password: value.initialPassword };
}

/** A 3:1 PNG banner picture made here (blue with a yellow band), not kept as a file. */
function bannerPng(width = 300, height = 100): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set(y > 40 && y < 60 ? [250, 200, 40] : [30, 60, 160], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The finance user the first test makes, for the phone test after it. */
const fiona = { username: 'fiona', password: '', secret: '' };

describe('operator console', () => {
  it('admin signs in with TOTP and creates a finance user, who approves the demo member’s withdrawal', async () => {
    // The demo member asks for a withdrawal of R$ 25.00 to a PIX key, as the player site does.
    ({ token } = await memberCall<{ token: string }>('/wps/session/login', null, demoMember));
    const before = await memberCall<Balance>('/wps/v2/wallets/balance', token);
    payeeId = (
      await memberCall<{ id: string }>('/wps/relay/payeeAccounts', token, {
        channel: 'PIX',
        type: 'CPF',
        value: '529.982.247-25',
        holderName: 'Demo Player',
        paymentPassword: PAYMENT_PASSWORD,
      })
    ).id;
    const withdrawal = await demoWithdraws(2_500);

    const admin = await openPage(browser, 'desktop');
    await signIn(
      admin.page,
      { username: 'admin', password: inject('consoleAdminPassword') },
      'console-admin',
    );
    await admin.page.getByRole('navigation').getByRole('link', { name: 'Operators' }).click();
    await admin.page.getByRole('button', { name: 'New operator' }).click();
    const form = admin.page.getByRole('dialog', { name: 'New operator user' });
    await form.getByLabel('Username').fill('fiona');
    await form.getByRole('checkbox', { name: 'Finance' }).check();
    await screenshot(admin.page, 'console-create-finance-user', { fullPage: false });
    await form.getByRole('button', { name: 'Create' }).click();
    const initialPassword = ((await admin.page.getByTestId('initial-password').textContent()) ?? '').trim();
    expect(initialPassword).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await screenshot(admin.page, 'console-initial-password', { fullPage: false });
    await admin.close();

    const finance = await openPage(browser, 'desktop');
    fiona.password = initialPassword;
    fiona.secret = await signIn(finance.page, { username: fiona.username, password: fiona.password });
    // Finance sees the queue, not the operators or the audit log.
    await expect(
      finance.page.getByRole('navigation').getByRole('link', { name: 'Operators' }).count(),
    ).resolves.toBe(0);
    await finance.page.getByRole('navigation').getByRole('link', { name: 'Withdrawals' }).click();
    const row = finance.page.getByRole('row').filter({ hasText: withdrawal.withdrawalId });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('demo');
    await screenshot(finance.page, 'console-withdrawals-queue');
    await row.getByRole('button', { name: 'Approve' }).click();
    const confirm = finance.page.getByRole('dialog', { name: 'Approve this withdrawal?' });
    await expect(confirm.textContent()).resolves.toContain('R$');
    await confirm.getByRole('button', { name: /^Approve / }).click();
    await finance.page.getByText(`Withdrawal ${withdrawal.withdrawalId} approved.`).waitFor();
    await screenshot(finance.page, 'console-withdrawal-approved', { fullPage: false });

    // The member's side follows: paid, a message, and R$ 25.00 less.
    const mine = await memberCall<{ status: string }>(
      `/wps/relay/withdraw/orders/${withdrawal.withdrawalId}`,
      token,
    );
    expect(mine.status).toBe('paid');
    const messages = await memberCall<{ content: Array<{ kind: string }> }>('/wps/relay/messages', token);
    expect(messages.content.map((m) => m.kind)).toContain('withdrawalApproved');
    const after = await memberCall<Balance>('/wps/v2/wallets/balance', token);
    expect(before.balance - after.balance).toBe(2_500);
    expect(after.locked).toBe(before.locked);
    // The console asks who is signed in first: the browser logs that 401 as a failed resource.
    expect(finance.problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
    await finance.close();
  });

  it('shows the withdrawals queue on a phone, each withdrawal with its actions at hand', async () => {
    const waiting = await demoWithdraws(1_000);
    const phone = await openPage(browser, 'mobile');
    await signIn(phone.page, fiona);
    await phone.page.getByRole('button', { name: 'Open the menu' }).click();
    await phone.page.getByRole('navigation').getByRole('link', { name: 'Withdrawals' }).click();
    const card = phone.page.getByRole('article').filter({ hasText: waiting.withdrawalId });
    await card.getByRole('button', { name: 'Approve' }).waitFor();
    await card.getByRole('button', { name: 'Reject' }).waitFor();
    await screenshot(phone.page, 'console-withdrawals-queue-mobile');
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await phone.close();
  });

  it('support blocks a player, who then cannot sign in', async () => {
    const player = { username: `blockme${Date.now() % 100_000}`, password: 'player password 7' };
    await memberCall('/wps/member/register', null, { ...player, confirmPassword: player.password }, 'PUT');
    const support = await openPage(browser, 'desktop');
    await signIn(support.page, await operatorWith('sam', ['support']));
    await support.page.getByRole('navigation').getByRole('link', { name: 'Players' }).click();
    await support.page.getByRole('searchbox', { name: 'Search' }).fill(player.username);
    await support.page.getByRole('button', { name: 'Search' }).click();
    await support.page.getByRole('link', { name: player.username }).first().click();
    await support.page.getByRole('button', { name: 'Block', exact: true }).click();
    const dialog = support.page.getByRole('dialog', { name: `Block ${player.username}?` });
    await dialog.getByLabel(/^Reason/).fill('Several accounts from one device');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await support.page.getByText('Several accounts from one device').first().waitFor();
    await screenshot(support.page, 'console-player-blocked');
    await support.close();

    const site = await openPage(browser, 'mobile');
    await site.page.goto(`${server.url}/login`);
    const login = site.page.getByRole('dialog', { name: 'Login', exact: true });
    await login.getByLabel('Username', { exact: true }).and(login.locator('input')).fill(player.username);
    await login.getByLabel('Password', { exact: true }).and(login.locator('input')).fill(player.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await site.page.getByText('This account is blocked. Please contact customer service.').waitFor();
    await screenshot(site.page, 'site-login-blocked-mobile', { fullPage: false });
    await site.close();
  });

  it('content publishes a banner that appears on the home page', async () => {
    const content = await openPage(browser, 'desktop');
    await signIn(content.page, await operatorWith('carla', ['content']));
    await content.page.getByRole('navigation').getByRole('link', { name: 'Banners' }).click();
    await content.page.getByRole('button', { name: 'New banner' }).click();
    const form = content.page.getByRole('dialog', { name: 'New banner' });
    await form.getByRole('textbox', { name: 'Key' }).fill('black-friday');
    await form.getByLabel('Picture (EN)').setInputFiles({
      name: 'black-friday.png',
      mimeType: 'image/png',
      buffer: bannerPng(),
    });
    const preview = form.locator('img[src^="/content-images/"]').first();
    await preview.waitFor();
    const picture = (await preview.getAttribute('src')) as string;
    await screenshot(content.page, 'console-banner-preview', { fullPage: false });
    await form.getByRole('button', { name: 'Publish' }).click();
    await form.waitFor({ state: 'detached' });
    await content.close();

    const home = await openPage(browser, 'desktop');
    await home.page.goto(`${server.url}/`);
    const published = home.page.locator(`img[src="${picture}"]`).first();
    await published.waitFor({ state: 'attached' });
    // One of the home carousel's slides shows it: the site's banner call, no restart, no cache wait.
    const slide = await published.evaluate((img) =>
      img.closest('[aria-roledescription]')?.getAttribute('aria-label'),
    );
    expect(slide).toMatch(/^\d+ of \d+$/);
    await screenshot(home.page, 'site-home-after-banner-published', { fullPage: false });
    await home.close();
  });

  it('shows the dashboard with the seeded history in its charts', async () => {
    const risk = await openPage(browser, 'desktop');
    await signIn(risk.page, await operatorWith('rita', ['risk']));
    await risk.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await risk.page.getByRole('heading', { name: 'Last 30 days' }).waitFor();
    // Each chart draws its 30 days: lines or bars, not an empty frame.
    await risk.page.locator('.recharts-surface').first().waitFor();
    const drawn = await risk.page
      .locator('.recharts-line-curve, .recharts-bar-rectangle, .recharts-area-curve')
      .count();
    expect(drawn).toBeGreaterThan(2);
    await screenshot(risk.page, 'console-dashboard');
    await risk.close();
  });
});
