import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { signInAsDemo } from '../support/demo-member';
import { type RunningServer, startServer } from '../support/server';

// Development mode exposes the sandbox payer (POST /dev/sandbox-payments/…); the operator key opens
// the operator API the test approves the withdrawal through.
const operatorKey = 'e2e-operator-key-0123456789abcdef';
const env = { NODE_ENV: 'development', OPERATOR_API_KEY: operatorKey };
const paymentPassword = '482915';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer(env);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A small PNG (a bank statement stand-in) for the proof upload, made here rather than kept as a file. */
function statementPng(size = 48): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const line = y % 8 < 2 && x > 6 && x < size - 6;
      row.set(line ? [60, 70, 110] : [235, 238, 248], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Console errors other than the browser's line for an HTTP error answer: the deposit page asks the
 * sandbox route once with an action it refuses (400) to learn whether to show the sandbox button.
 */
const realProblems = (problems: string[]) => problems.filter((p) => !p.includes('Failed to load resource'));

/**
 * A screenshot of the page as a person would look at it: from the top (a full-page shot of a
 * scrolled page draws the sticky header mid-page), without the toasts of earlier steps unless
 * `keepToasts` (the toast is what the shot shows).
 */
async function shot(page: Page, name: string, options: { fullPage?: boolean; keepToasts?: boolean } = {}) {
  if (!options.keepToasts)
    await page.locator('[data-toaster] button').evaluateAll((buttons) => {
      for (const button of buttons) (button as HTMLButtonElement).click();
    });
  if (options.fullPage !== false) await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name, { fullPage: options.fullPage ?? true });
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  return page.getByRole('menu', { name: 'Account menu' });
}

describe('the member centre: money end to end and live (mobile)', () => {
  it('deposits R$ 50 by PIX, sees it credited live, binds a PIX key, withdraws, and sees the approval', async () => {
    const { page, problems, close } = await openPage(browser, 'mobile');
    const balance = page.getByTestId('balance');

    // Log in as the demo member (R$ 1,000.00 from the seed).
    await signInAsDemo(page, server.url);
    await balance.getByText('R$ 1,000.00').waitFor();

    // The member centre: balance card and the list of pages (phones).
    await page.goto(`${server.url}/member`);
    await page.getByRole('heading', { name: 'Member centre', level: 1 }).waitFor();
    await page.getByTestId('member-balance').getByText('R$ 1,000.00').waitFor();
    await page.getByRole('link', { name: 'Account record' }).waitFor();
    await shot(page, 'wallet-member-centre-mobile');

    // Deposit R$ 50 by PIX: the header's Deposit button, the amount, a confirmation, then the order.
    await page.getByRole('link', { name: 'Deposit', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Deposit', level: 1 }).waitFor();
    await page.getByRole('radio', { name: /PIX/ }).waitFor();
    expect(await page.getByRole('radio', { name: /PIX/ }).isChecked()).toBe(true);
    await page.getByLabel('Amount', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('The minimum is R$ 10.00').waitFor();
    await page.getByLabel('Amount', { exact: true }).fill('');
    await page.getByRole('radio', { name: 'R$ 50.00' }).check();
    expect(await page.getByLabel('Amount', { exact: true }).inputValue()).toBe('50.00');
    await shot(page, 'wallet-deposit-form-mobile');
    await page.getByRole('button', { name: 'Continue' }).click();
    const confirmDeposit = page.getByRole('alertdialog', { name: 'Confirm deposit' });
    await confirmDeposit.getByText('R$ 50.00').waitFor();
    await shot(page, 'wallet-deposit-confirm-mobile', { fullPage: false });
    await confirmDeposit.getByRole('button', { name: 'Create payment' }).click();

    // The order: a QR code of the BR Code and the same code to copy (PIX copia e cola).
    await page.getByRole('img', { name: 'PIX QR code for R$ 50.00' }).waitFor();
    await page.getByText('Waiting for payment').first().waitFor();
    const brCode = await page.getByRole('status', { name: 'PIX copia e cola' }).textContent();
    expect(brCode).toMatch(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
    await page.getByText(/Pay within \d\d:\d\d/).waitFor();
    const payButton = page.getByRole('button', { name: 'Sandbox: simulate payment' });
    await payButton.waitFor();
    await shot(page, 'wallet-deposit-pix-order-mobile');

    // The sandbox pays; the header balance rises without a reload (WebSocket), a toast says so.
    await page.evaluate(() => {
      (window as unknown as { stillSamePage: boolean }).stillSamePage = true;
    });
    await payButton.click();
    await balance.getByText('R$ 1,050.00').waitFor();
    await page.getByText('Deposit credited to your balance').waitFor();
    await page.getByText('Credited', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { stillSamePage?: boolean }).stillSamePage)).toBe(
      true,
    );
    await shot(page, 'wallet-deposit-credited-mobile', { keepToasts: true });

    // The unread badge, then the message itself.
    await page.getByTestId('unread-badge').getByText('1', { exact: true }).waitFor();
    let menu = await openAccountMenu(page);
    await menu
      .getByRole('menuitem', { name: /Messages/ })
      .getByText('1 unread')
      .waitFor();
    await shot(page, 'wallet-account-menu-unread-mobile', { fullPage: false });
    await menu.getByRole('menuitem', { name: /Messages/ }).click();
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await page.getByRole('button', { name: /Deposit credited/ }).waitFor();
    await shot(page, 'wallet-messages-deposit-mobile');
    await page.getByRole('button', { name: /Deposit credited/ }).click();
    await page.getByText(/Your deposit of R\$ 50\.00 .* has been credited/).waitFor();
    await page.getByTestId('unread-badge').waitFor({ state: 'detached' });

    // Bind a PIX key (e-mail): the first bind sets the payment password, and says so.
    await page.getByRole('link', { name: 'Withdraw', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Withdraw', level: 1 }).waitFor();
    await page.getByText('Add an account to receive your money first.').waitFor();
    await page.getByRole('button', { name: 'Add account' }).click();
    const bind = page.getByRole('dialog', { name: 'Add payout account' });
    await bind.getByText(/the 6 digits you choose here become your payment password/).waitFor();
    await bind.getByRole('radio', { name: 'E-mail' }).check();
    await bind.getByLabel('E-mail (PIX key)').fill('demo@exemplo');
    await bind.getByText('This is not a valid PIX key of the chosen type.').waitFor();
    await bind.getByLabel('E-mail (PIX key)').fill('demo@exemplo.com.br');
    await bind.getByText('The format looks right').waitFor();
    await bind.getByLabel('Account holder').fill('Demo Jogador');
    await bind.getByLabel('New payment password (6 digits)').fill('123456');
    await bind.getByLabel('Repeat the payment password').fill('123456');
    await bind.getByRole('button', { name: 'Review' }).click();
    await bind.getByText('The payment password must be 6 digits', { exact: false }).waitFor();
    await bind.getByLabel('New payment password (6 digits)').fill(paymentPassword);
    await bind.getByLabel('Repeat the payment password').fill(paymentPassword);
    await shot(page, 'wallet-bind-pix-key-mobile', { fullPage: false });
    await bind.getByRole('button', { name: 'Review' }).click();
    await bind.getByText(/can no longer be changed or removed/).waitFor();
    await shot(page, 'wallet-bind-review-mobile', { fullPage: false });
    await bind.getByRole('button', { name: 'Add account' }).click();
    await bind.waitFor({ state: 'detached' });
    await page.getByText('de***@exemplo.com.br').first().waitFor();

    // Withdraw R$ 20: a summary, the payment password, then the withdrawal's own page.
    await page.getByLabel('Amount', { exact: true }).fill('20');
    await page.getByRole('button', { name: 'Continue' }).click();
    const confirmWithdrawal = page.getByRole('alertdialog', { name: 'Confirm withdrawal' });
    await confirmWithdrawal.getByText('R$ 20.00').waitFor();
    await confirmWithdrawal.getByLabel('Payment password').fill(paymentPassword);
    await shot(page, 'wallet-withdraw-confirm-mobile', { fullPage: false });
    await confirmWithdrawal.getByRole('button', { name: 'Withdraw' }).click();
    await page.waitForURL(/\/member\/withdrawals\/W[A-Z0-9]{16}$/);
    const withdrawalId = new URL(page.url()).pathname.split('/').pop() as string;
    await page.getByText('Under review').waitFor();
    await balance.getByText('R$ 1,030.00').waitFor();
    await shot(page, 'wallet-withdrawal-locked-mobile');

    // An operator approves it through the API; the page follows live and asks about the receipt.
    const approved = await fetch(`${server.url}/ops/payments/withdrawals/${withdrawalId}/approve`, {
      method: 'POST',
      headers: { 'x-operator-key': operatorKey },
    });
    expect(approved.status).toBe(200);
    await page.getByText('Withdrawal approved', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Did you receive the money?' }).waitFor();
    await page.getByText('Paid', { exact: true }).first().waitFor();
    await page.getByTestId('unread-badge').getByText('1', { exact: true }).waitFor();
    await shot(page, 'wallet-withdrawal-paid-mobile', { keepToasts: true });

    // Partly received: R$ 15 of R$ 20 arrived, R$ 5 missing, with a picture of the statement.
    await page.getByRole('radio', { name: /Partly received/ }).check();
    await page.getByLabel('Amount received').fill('25');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Enter more than 0 and less than R$ 20.00').waitFor();
    await page.getByLabel('Amount received').fill('15');
    await page.getByText('Still missing: R$ 5.00').waitFor();
    await page.getByLabel('Proof images').setInputFiles([
      { name: 'statement.png', mimeType: 'image/png', buffer: statementPng() },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') },
    ]);
    await page.getByText('notes.txt: only PNG or JPG images').waitFor();
    await page.getByRole('img', { name: 'statement.png' }).waitFor();
    await shot(page, 'wallet-withdrawal-confirm-partial-mobile');
    await page.getByRole('button', { name: 'Continue' }).click();
    const sendAnswer = page.getByRole('alertdialog', { name: 'Send your answer' });
    await sendAnswer.getByText('R$ 5.00').waitFor();
    await sendAnswer.getByRole('button', { name: 'Send' }).click();
    await page.getByText(/You received R\$ 15\.00; R\$ 5\.00 is still missing/).waitFor();
    await page.getByRole('radio', { name: /All received/ }).waitFor();
    await shot(page, 'wallet-withdrawal-partial-sent-mobile');

    // The 'Withdrawal approved' message, and both movements in the account record.
    menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: /Messages/ }).click();
    await page.getByRole('button', { name: /Withdrawal approved/ }).waitFor();
    await page.getByRole('button', { name: /Deposit credited/ }).waitFor();
    await shot(page, 'wallet-messages-withdrawal-mobile');

    menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Account record' }).click();
    await page.getByRole('heading', { name: 'Account record', level: 1 }).waitFor();
    const rows = page.getByRole('listitem').filter({ hasText: /Withdrawal|Deposit/ });
    await rows.filter({ hasText: 'Withdrawal' }).filter({ hasText: '-R$ 20.00' }).waitFor();
    await rows.filter({ hasText: 'Deposit' }).filter({ hasText: '+R$ 50.00' }).waitFor();
    await page.getByText('Records found: 3').waitFor();
    await shot(page, 'wallet-account-record-mobile');

    // Filter by type: deposits only.
    await page.getByLabel('Type', { exact: true }).selectOption('deposit');
    await page.getByText('Records found: 1').waitFor();

    // Profit and loss: the chart and totals (no rounds played yet), with the 30-day preset.
    menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Profit and loss' }).click();
    await page.getByRole('heading', { name: 'Profit and loss', level: 1 }).waitFor();
    await page.getByRole('radio', { name: '30 days' }).check();
    await page.getByRole('img', { name: /Profit and loss per day from/ }).waitFor();
    await shot(page, 'wallet-profit-loss-mobile');

    expect(realProblems(problems)).toEqual([]);
    await close();
  });
});

describe('the member centre for others', () => {
  it('shows a trial member the register prompt instead of the deposit page', async () => {
    const { page, problems, close } = await openPage(browser, 'mobile');
    const trial = await fetch(`${server.url}/wps/session/login/freeplay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en' },
      body: JSON.stringify({ platform: 'W' }),
    });
    const { value } = (await trial.json()) as { value: { token: string } };
    await page.goto(server.url);
    await page.evaluate((token) => sessionStorage.setItem('token', token), value.token);
    await page.goto(`${server.url}/member/deposit`);
    const prompt = page.getByRole('alertdialog', { name: 'Free play account' });
    await prompt.getByText('Register an account first').waitFor();
    expect(await page.getByRole('heading', { name: 'Deposit', level: 1 }).count()).toBe(0);
    await shot(page, 'wallet-trial-prompt-mobile', { fullPage: false });
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('lays the member centre out beside its menu on a desktop', async () => {
    const { page, problems, close } = await openPage(browser, 'desktop');
    await signInAsDemo(page, server.url);
    await page.goto(`${server.url}/member/transactionHistory`);
    const menu = page.getByRole('navigation', { name: 'Member centre' });
    await menu.getByRole('link', { name: 'Account record' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Account record' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await page.getByText(/Records found: \d+/).waitFor();
    await shot(page, 'wallet-account-record-desktop');
    await menu.getByRole('link', { name: 'Deposit' }).click();
    await page.getByLabel('Amount', { exact: true }).fill('120');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByRole('alertdialog', { name: 'Confirm deposit' })
      .getByRole('button', { name: 'Create payment' })
      .click();
    await page.getByRole('img', { name: 'PIX QR code for R$ 120.00' }).waitFor();
    await shot(page, 'wallet-deposit-pix-order-desktop');
    expect(realProblems(problems)).toEqual([]);
    await close();
  });
});
