import type { Page } from 'playwright-core';

/** The demo member the seed creates (R$ 1,000.00 to start with). */
export const demoMember = { username: 'demo', password: 'sorte-demo-2026' } as const;

/**
 * Signs the demo member in through the login dialog already open on the page, and waits until the
 * dialog has closed and the header shows a balance.
 */
export async function submitDemoLogin(page: Page) {
  const login = page.getByRole('dialog', { name: 'Login', exact: true });
  await login.getByLabel('Username', { exact: true }).and(login.locator('input')).fill(demoMember.username);
  await login.getByLabel('Password', { exact: true }).and(login.locator('input')).fill(demoMember.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await login.waitFor({ state: 'detached' });
  await page.getByTestId('balance').first().waitFor();
}

/** Signs the demo member in from /login, the login dialog's own address. */
export async function signInAsDemo(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`);
  await submitDemoLogin(page);
}
