import { lazy, Suspense } from 'react';
import { studioBase } from '../lib/api';
import { I18nProvider, resolveLang } from '../lib/i18n';
import { GameFrame } from './game-frame';
import { parseRoute } from './route';
import { ErrorScreen } from './screens';

// The verifier carries its own maths (all games' outcome code): loaded only when it is opened.
const VerifyPage = lazy(() => import('../verify/verify-page'));

export function App() {
  const route = parseRoute(window.location.pathname, window.location.search, studioBase);
  const lang = resolveLang(route.lang ?? navigator.language);
  return (
    <I18nProvider lang={lang}>
      {route.kind === 'play' ? (
        <GameFrame gameCode={route.gameCode} token={route.token} returnUrl={route.returnUrl} />
      ) : route.kind === 'verify' ? (
        <Suspense fallback={null}>
          <VerifyPage />
        </Suspense>
      ) : (
        <ErrorScreen kind="unknownGame" returnUrl={route.returnUrl} />
      )}
    </I18nProvider>
  );
}
