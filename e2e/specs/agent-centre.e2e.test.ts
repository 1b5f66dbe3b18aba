import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, type ViewportName } from '../support/browser';
import { editStoppedDatabase } from '../support/database';
import { type RunningServer, startServer } from '../support/server';

// The demo agent (seeded: a 3-level team with 90 days of history) gets a house daily salary
// contract through the operator API, so it can offer its new downline agents one.
const operatorKey = 'agent-centre-e2e-operator-key-0123456789';
const env = { OPERATOR_API_KEY: operatorKey };
const agent = { username: 'agent', password: 'sorte-agent-2026' };
/** The merchant's default weak password (migration 0027) every register-centre account starts with. */
const defaultPassword = 'sorte1234';
const viewports: ViewportName[] = ['mobile', 'desktop'];

let server: RunningServer;
let browser: Browser;

async function call<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { lang: 'en', 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const envelope = (await response.json()) as { success: boolean; message: string; value: T };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${envelope.message}`);
  return envelope.value;
}

beforeAll(async () => {
  server = await startServer(env);
  const { token } = await call<{ token: string }>('/wps/session/login', {
    method: 'POST',
    body: agent,
  });
  const info = await call<{ id: string }>('/wps/member/info', { headers: { token } });
  const offer = await call<{ id: string }>('/ops/agents/contracts', {
    method: 'POST',
    headers: { 'x-operator-key': operatorKey },
    body: {
      agentId: info.id,
      terms: {
        kind: 'dailySalary',
        minBetAmount: 100,
        minActiveMembers: 0,
        feeRateBp: 0,
        tiers: [{ minTurnover: 0, minActiveMembers: 0, rateBp: 100 }],
      },
    },
  });
  await call(`/wps/agent/contracts/${offer.id}/accept`, { method: 'POST', headers: { token }, body: {} });
  // My income needs settled history: the contract is dated back 20 days on the stopped server's
  // database, and the operator's settlement run then pays those days from the seeded team figures.
  const dataDir = server.dataDir;
  await server.stop({ keepData: true });
  await editStoppedDatabase(
    dataDir,
    `update agent_contracts set offered_at = now() - interval '20 days', decided_at = now() - interval '20 days'
      where id = $1`,
    [offer.id],
  );
  server = await startServer(env, { dataDir });
  await call('/ops/agents/settlements/run', {
    method: 'POST',
    headers: { 'x-operator-key': operatorKey },
    body: {},
  });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Console errors other than the browser's own line for an HTTP error answer. */
const realProblems = (problems: string[]) => problems.filter((p) => !p.includes('Failed to load resource'));

const input = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).and(page.locator('input'));

/** Opens a page from the left menu (the drawer on a phone) and waits for its heading. */
async function openFromMenu(page: Page, viewport: ViewportName, name: string, heading = name) {
  if (viewport === 'mobile') await page.getByRole('button', { name: 'Open the menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Agent centre menu' }).filter({ visible: true });
  await menu.getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
}

const loginLabels = { username: 'Username', password: 'Password', submit: 'Log in' };

async function signIn(page: Page, username: string, password: string, labels = loginLabels) {
  await page.goto(`${server.url}/agent`);
  await input(page, labels.username).fill(username);
  await input(page, labels.password).fill(password);
  await page.getByRole('button', { name: labels.submit }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('alertdialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${server.url}/agent`);
}

describe.each(viewports)('agent centre (%s)', (viewport) => {
  const downline = `e2eagt${viewport === 'mobile' ? 'm' : 'd'}`;

  it('shows the team overview with charts, and every menu item opens its page', async () => {
    const { page, problems, close } = await openPage(browser, viewport);
    await signIn(page, agent.username, agent.password);
    await page.waitForURL(`${server.url}/agentHome/overview`);
    await page.getByRole('heading', { level: 1, name: 'Team overview' }).waitFor();
    // The seeded team (19 members, and the downline agents the other viewport's test registers),
    // its charts drawn from 30 days of history.
    await page
      .locator('[data-figure="total"] strong')
      .getByText(/^(19|20|21)$/)
      .waitFor();
    await page.locator('[data-chart="growth"] svg rect').first().waitFor();
    expect(await page.locator('[data-chart="turnover"] svg rect').count()).toBeGreaterThan(10);
    // The merchant's zone as people say it (a31ce93), not the raw id America/Sao_Paulo.
    await page.getByText('Brasilia Standard Time (GMT-3)').waitFor();
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    await screenshot(page, `agent-centre-overview-${viewport}`);
    // Nothing widens the page past the screen (the period tabs, the tables scroll in their boxes).
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    // Reload keeps the page (each item is an address).
    await page.getByRole('tab', { name: 'This month' }).click();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Team overview' }).waitFor();

    for (const name of [
      'Deposit',
      'Withdraw',
      'Announcements',
      'Register centre',
      'Invitation links',
      'Team management',
      'Team betting',
      'User profit and loss',
      'My income',
      'Downline transactions',
      'Daily salary',
      'Customer service',
    ]) {
      await openFromMenu(page, viewport, name);
    }
    // The member centre's messages page, reused, keeps its own title.
    await openFromMenu(page, viewport, 'Platform messages', 'Messages');
    await openFromMenu(page, viewport, 'Daily salary');
    // Contract pages appear only when the consolidated info enables them.
    await page.getByRole('heading', { level: 2, name: 'My contract' }).waitFor();
    // Its own contract lets it offer one to a direct downline agent; its settlements are listed.
    await page.getByLabel('Direct downline agent', { exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Paid to me' }).first().waitFor();
    await screenshot(page, `agent-centre-daily-salary-${viewport}`);
    expect(await page.getByRole('link', { name: 'Hourly salary' }).count()).toBe(0);

    // The agent's link on the domain it is using, with its QR code drawn.
    await openFromMenu(page, viewport, 'Invitation links');
    await page
      .getByRole('img', { name: /^QR code of the invitation link on / })
      .first()
      .locator('path')
      .waitFor();
    await screenshot(page, `agent-centre-links-${viewport}`);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await openFromMenu(page, viewport, 'Team management');
    await page.locator('tbody tr').first().waitFor();
    await screenshot(page, `agent-centre-team-${viewport}`);
    expect(await overflow()).toBeLessThanOrEqual(0);
    // Transfer to a direct downline: the amount first, then a confirmation.
    await page.locator('[data-downline="mb1ana"]').getByRole('link', { name: 'Transfer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Transfer to mb1ana' }).waitFor();
    await page.getByText('Available').waitFor();
    await screenshot(page, `agent-centre-transfer-${viewport}`);
    await openFromMenu(page, viewport, 'Team betting');
    await page.locator('tbody tr').first().waitFor();
    await screenshot(page, `agent-centre-betting-${viewport}`);
    await openFromMenu(page, viewport, 'My income');
    // The settled days of the house contract, paid to the agent, in the chart and the table.
    await page.locator('[data-chart="income"] svg rect').first().waitFor();
    expect(await page.locator('[data-chart="income"] svg rect').count()).toBeGreaterThan(10);
    await page.getByRole('cell', { name: 'Paid to me' }).first().waitFor();
    await screenshot(page, `agent-centre-income-${viewport}`);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Team betting' }).waitFor();
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('registers a downline agent with a contract; it changes its password and accepts', async () => {
    const { page, problems, close } = await openPage(browser, viewport);
    await signIn(page, agent.username, agent.password);
    await page.waitForURL(`${server.url}/agentHome/overview`);
    await openFromMenu(page, viewport, 'Register centre');
    await input(page, 'Username').fill(downline);
    await page.getByText('Offer a contract now').click();
    await input(page, 'Rate (%)').fill('0.5');
    await screenshot(page, `agent-centre-register-${viewport}`);
    await page.getByRole('button', { name: 'Create account' }).click();
    const done = page.locator(`[data-registered="${downline}"]`);
    await done.getByText(`${downline} is in your team`).waitFor();
    await done.getByText('The contract was offered').waitFor();
    expect(await done.locator('output').first().textContent()).toBe(defaultPassword);
    await screenshot(page, `agent-centre-registered-${viewport}`);
    await signOut(page);

    // The new agent signs in with the default password and must change it first.
    await signIn(page, downline, defaultPassword);
    const change = page.getByRole('dialog', { name: 'Change password', exact: true });
    await change.getByText('Your password has expired or must be changed before you continue.').waitFor();
    const mine = 'my-own-pass-2026';
    await change
      .getByLabel('Current password', { exact: true })
      .and(change.locator('input'))
      .fill(defaultPassword);
    await change.getByLabel('New password', { exact: true }).and(change.locator('input')).fill(mine);
    await change.getByLabel('Confirm new password', { exact: true }).and(change.locator('input')).fill(mine);
    await change.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(`${server.url}/agentHome/overview`);

    await openFromMenu(page, viewport, 'Daily salary');
    await page.getByRole('heading', { level: 2, name: 'Offers to me' }).waitFor();
    await screenshot(page, `agent-centre-offer-${viewport}`);
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.locator('[data-status="active"]').getByText('0.50%').waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'Offers to me' }).count()).toBe(0);
    await screenshot(page, `agent-centre-accepted-${viewport}`);
    await signOut(page);

    // Its upline finds it in team management, with the contract it accepted.
    await signIn(page, agent.username, agent.password);
    await openFromMenu(page, viewport, 'Team management');
    await input(page, 'Member').fill(downline);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator(`[data-downline="${downline}"]`).getByRole('link', { name: 'Contracts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contracts of this downline' }).waitFor();
    await page.locator('[data-status="active"]').getByText('0.50%').waitFor();
    await screenshot(page, `agent-centre-downline-contracts-${viewport}`);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('speaks Portuguese in the light theme, and the menu works from the keyboard', async () => {
    const { page, problems, close } = await openPage(browser, viewport);
    await page.addInitScript(() => {
      if (localStorage.getItem('lang')) return;
      localStorage.setItem('lang', 'PT');
      localStorage.setItem('theme', 'light');
    });
    await signIn(page, agent.username, agent.password, {
      username: 'Nome de usuário',
      password: 'Senha',
      submit: 'Entrar',
    });
    await page.waitForURL(`${server.url}/agentHome/overview`);
    await page.getByRole('heading', { level: 1, name: 'Visão geral da equipe' }).waitFor();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    await page.locator('[data-chart="turnover"] svg rect').first().waitFor();
    await screenshot(page, `agent-centre-overview-light-pt-${viewport}`);
    if (viewport === 'mobile') {
      await page.getByRole('button', { name: 'Abrir o menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu do centro do agente' });
      await drawer.getByRole('link', { name: 'Central de cadastro' }).waitFor();
      await screenshot(page, `agent-centre-drawer-light-pt-${viewport}`);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
    } else {
      const link = page.getByRole('link', { name: 'Minha renda', exact: true });
      await link.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Minha renda' }).waitFor();
      await page.getByRole('tab', { name: 'Salário diário' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.getByRole('tab', { name: 'Salário por hora', selected: true }).waitFor();
      await page.getByText('Nenhum período liquidado ainda').waitFor();
      await screenshot(page, `agent-centre-income-light-pt-${viewport}`);
    }
    expect(realProblems(problems)).toEqual([]);
    await close();
  });
});
