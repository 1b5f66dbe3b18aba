import type { Page } from 'playwright-core';
import { expect, onTestFailed } from 'vitest';

/**
 * What a failed browser test saw, added to its failure: the page's address, the dialogs open on it
 * with their text, the API calls it made last (status and time) and those still unanswered, and the
 * last lines the spec's servers printed. CI keeps only the console, and a test that fails on a slow
 * machine alone (a dialog that never closed) says nothing more than "timeout" without it.
 */

/** The output of every server a spec has running, by its address. */
const servers = new Map<string, () => string>();

export function reportServerOutput(url: string, output: () => string): () => void {
  servers.set(url, output);
  return () => servers.delete(url);
}

const LAST_CALLS = 25;

const SERVER_LINES = 30;

/** Records the page's API calls, and adds what the page shows to the test's failure, if it fails. */
export function reportOnFailure(page: Page): void {
  const started = new Map<object, { line: string; at: number }>();
  const finished: string[] = [];
  const end = (request: object, outcome: string) => {
    const call = started.get(request);
    if (!call) return;
    started.delete(request);
    finished.push(`${outcome} ${call.line} ${Math.round(performance.now() - call.at)} ms`);
    if (finished.length > LAST_CALLS) finished.shift();
  };
  page.on('request', (request) => {
    if (request.resourceType() !== 'fetch' && request.resourceType() !== 'xhr') return;
    const { pathname } = new URL(request.url());
    started.set(request, { line: `${request.method()} ${pathname}`, at: performance.now() });
  });
  page.on('requestfinished', async (request) => {
    const response = await request.response().catch(() => null);
    end(request, String(response?.status() ?? '???'));
  });
  page.on('requestfailed', (request) => end(request, `failed (${request.failure()?.errorText})`));

  // A page opened outside a test (in a beforeAll) has no test to report to.
  if (expect.getState().currentTestName === undefined) return;
  onTestFailed(async () => {
    const dialogs = await page
      .locator('[role=dialog], [role=alertdialog]')
      .allInnerTexts()
      .then((texts) => texts.map((text) => text.slice(0, 600)))
      .catch((error: Error) => [`(could not read the page: ${error.message})`]);
    const pending = [...started.values()].map(
      (call) => `${call.line} for ${Math.round(performance.now() - call.at)} ms`,
    );
    const serverLines = [...servers].map(([url, output]) => {
      const lines = output().trimEnd().split('\n').slice(-SERVER_LINES).join('\n');
      return `server ${url} printed (last ${SERVER_LINES} lines):\n${lines || '(nothing)'}`;
    });
    throw new Error(
      [
        'What the page showed when the test failed (a report, not a second failure):',
        `address: ${page.isClosed() ? '(closed)' : page.url()}`,
        `dialogs: ${dialogs.length ? `\n${dialogs.join('\n---\n')}` : 'none'}`,
        `last API calls (status, call, time):\n${finished.join('\n') || '(none)'}`,
        `API calls not answered: ${pending.length ? `\n${pending.join('\n')}` : 'none'}`,
        ...serverLines,
      ].join('\n'),
    );
  });
}
