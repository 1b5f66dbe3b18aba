import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../lib/i18n';
import { BackLink } from './back-link';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('back link', () => {
  it('inside the lobby popup asks the lobby to close it instead of reloading the whole page', () => {
    vi.useFakeTimers();
    const postMessage = vi.fn();
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
    render(
      <I18nProvider lang="en">
        <BackLink returnUrl="/crash" />
      </I18nProvider>,
    );
    const link = screen.getByRole('link', { name: 'Back to the lobby' });
    expect(link.getAttribute('target')).toBe('_top');
    const isNotPrevented = fireEvent.click(link);
    expect(isNotPrevented).toBe(false);
    expect(postMessage).toHaveBeenCalledWith({ type: 'sorte:close' }, window.location.origin);
  });
});
