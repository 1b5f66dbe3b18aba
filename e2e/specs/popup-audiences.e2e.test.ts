import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { launchBrowser, openPage, screenshot, type ViewportName } from '../support/browser';
import { type RunningServer, startServer } from '../support/server';

/**
 * Popup announcements follow their audience (DECISIONS.md: B guests, A members, F members at their
 * first login) on the real server with the seeded popups, and never stack over a dialog the person
 * opened (issue 14, defect 7).
 */
const viewports: ViewportName[] = ['mobile', 'desktop'];
const password = 'Sorte-e2e-2026';
/** Members who already signed in once (registration is their first login), one per viewport. */
const returning = { mobile: 'popupmobile', desktop: 'popupdesk' } as const;
/** Members the browser registers, one per viewport. */
const newcomers = { mobile: 'newpopupm', desktop: 'newpopupd' } as const;

const guestTitle = 'Welcome to Sorte';
const memberTitle = 'Good to see you again';
const newMemberTitle = 'Your account is ready';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  for (const username of Object.values(returning)) {
    await callApi(server.url, '/wps/member/register', {
      method: 'PUT',
      body: { username, password, confirmPassword: password },
    });
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
const input = (scope: Locator, label: string) =>
  scope.getByLabel(label, { exact: true }).and(scope.locator('input'));

/** A visitor of the Brazil merchant in English whose popups have not been closed yet. */
async function visitor(viewport: ViewportName) {
  const opened = await openPage(browser, viewport, { popups: true, reducedMotion: true });
  await opened.page.addInitScript(() => {
    if (localStorage.getItem('merchantCode')) return;
    localStorage.setItem('merchantCode', 'BR');
    localStorage.setItem('lang', 'EN');
  });
  return opened;
}

/** The popups on screen now, by their accessible names. */
const openDialogs = (page: Page) =>
  page.getByRole('dialog').evaluateAll((dialogs) =>
    dialogs.map((d) => {
      const id = d.getAttribute('aria-labelledby');
      return (id ? document.getElementById(id)?.textContent : d.getAttribute('aria-label')) ?? '';
    }),
  );

describe.each(viewports)('popup audiences (%s)', (viewport) => {
  it('shows a guest the guest popup, and never over the login dialog; signed in, it is gone', async () => {
    const { page, problems, close } = await visitor(viewport);
    await page.goto(server.url);
    await dialog(page, guestTitle).waitFor();
    await screenshot(page, `popup-audiences-guest-${viewport}`, { fullPage: false });

    // A fresh visit straight to the login dialog: the guest popup waits behind nothing, it waits.
    const second = await visitor(viewport);
    await second.page.goto(`${server.url}/login`);
    const login = dialog(second.page, 'Login');
    await login.waitFor();
    await second.page.waitForLoadState('networkidle');
    expect(await openDialogs(second.page)).toEqual(['Login']);
    await screenshot(second.page, `popup-audiences-login-no-stack-${viewport}`, { fullPage: false });

    await input(login, 'Username').fill(returning[viewport]);
    await input(login, 'Password').fill(password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await login.waitFor({ state: 'detached' });
    // Signed in: the members' popup, and the guest's is gone for good.
    const members = dialog(second.page, memberTitle);
    await members.waitFor();
    expect(await openDialogs(second.page)).toEqual([memberTitle]);
    await screenshot(second.page, `popup-audiences-member-${viewport}`, { fullPage: false });
    await members.getByRole('button', { name: 'Close' }).click();
    await members.waitFor({ state: 'detached' });
    await second.page.reload();
    await second.page.getByRole('button', { name: 'Account menu' }).waitFor();
    await second.page.waitForLoadState('networkidle');
    expect(await openDialogs(second.page)).toEqual([]);

    expect(problems).toEqual([]);
    expect(second.problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
    await second.close();
    await close();
  });

  it('welcomes a brand-new member as new, not with "good to see you again"', async () => {
    const { page, problems, close } = await visitor(viewport);
    await page.goto(`${server.url}/register`);
    const register = dialog(page, 'Register');
    await register.waitFor();
    await page.waitForLoadState('networkidle');
    // The guest popup does not stack over the register dialog either.
    expect(await openDialogs(page)).toEqual(['Register']);
    await input(register, 'Username').fill(newcomers[viewport]);
    await input(register, 'Password').fill(password);
    await input(register, 'Confirm password').fill(password);
    await register.getByRole('button', { name: 'Create account' }).click();
    await register.waitFor({ state: 'detached' });

    const welcome = dialog(page, newMemberTitle);
    await welcome.waitFor();
    expect(await openDialogs(page)).toEqual([newMemberTitle]);
    expect(await welcome.textContent()).not.toContain(memberTitle);
    expect(await page.getByText(memberTitle).count()).toBe(0);
    expect(await page.getByText(guestTitle).count()).toBe(0);
    await screenshot(page, `popup-audiences-new-member-${viewport}`, { fullPage: false });
    expect(problems).toEqual([]);
    await close();
  });
});
