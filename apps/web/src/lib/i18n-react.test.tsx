import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { I18nextProvider, useTranslation } from './i18n-react';

async function makeI18n() {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'common',
    ns: ['common'],
    interpolation: { escapeValue: false },
    resources: {
      en: { common: { hello: 'Hello {{name}}' } },
      pt: { common: { hello: 'Olá {{name}}' } },
    },
  });
  return i18n;
}

function Greeting({ namespace }: { namespace?: string }) {
  const { t, i18n } = useTranslation(namespace);
  return (
    <p>
      {t('hello', { name: 'Ana' })} ({i18n.language})
    </p>
  );
}

describe('useTranslation (the site binding of i18next)', () => {
  it('translates and shows the new language at once when it changes', async () => {
    const i18n = await makeI18n();
    render(
      <I18nextProvider i18n={i18n}>
        <Greeting />
        <Greeting />
      </I18nextProvider>,
    );
    expect(screen.getAllByText('Hello Ana (en)')).toHaveLength(2);
    await act(() => i18n.changeLanguage('pt'));
    expect(screen.getAllByText('Olá Ana (pt)')).toHaveLength(2);
  });

  it('shows texts of a namespace added after the first render (a page loading its own texts)', async () => {
    const i18n = await makeI18n();
    render(
      <I18nextProvider i18n={i18n}>
        <Greeting namespace="agent" />
      </I18nextProvider>,
    );
    expect(screen.getByText('hello (en)')).toBeTruthy();
    act(() => {
      i18n.addResourceBundle('en', 'agent', { hello: 'Hi agent {{name}}' });
    });
    expect(screen.getByText('Hi agent Ana (en)')).toBeTruthy();
  });
});
