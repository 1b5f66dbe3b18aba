import { createHash } from 'node:crypto';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../lib/i18n';
import { stubFetch } from '../test/game-harness';
import VerifyPage from './verify-page';

const serverSeed = createHash('sha256').update('sorte fair test server seed').digest('hex');
const hash = createHash('sha256').update(serverSeed).digest('hex');

describe('verify page', () => {
  it('recomputes a bet opened from a link, and confirms the server seed matches its hash', async () => {
    stubFetch({});
    window.history.replaceState(
      null,
      '',
      `/studio/verify?game=dice&serverSeed=${serverSeed}&serverSeedHash=${hash}&clientSeed=sorte-client&nonce=0&direction=over&target=5050&stake=1000`,
    );
    render(
      <I18nProvider lang="en">
        <VerifyPage />
      </I18nProvider>,
    );
    const outcome = await screen.findByTestId('verify-outcome');
    expect(outcome.textContent).toContain('67.11');
    expect(outcome.textContent).toContain('The bet wins');
    expect(outcome.textContent).toContain('2.00×');
    expect(outcome.textContent).toContain('20.00');
    expect(screen.getByText(/SHA-256 of the server seed matches/)).toBeTruthy();
  });

  it('explains that an unrevealed server seed must be rotated first', async () => {
    stubFetch({});
    window.history.replaceState(
      null,
      '',
      `/studio/verify?game=mines&serverSeedHash=${hash}&clientSeed=x&nonce=3&mines=3`,
    );
    render(
      <I18nProvider lang="en">
        <VerifyPage />
      </I18nProvider>,
    );
    expect((await screen.findAllByText(/still secret/)).length).toBeGreaterThan(0);
  });
});
