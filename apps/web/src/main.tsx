import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { routes } from './app/routes';
import { bootPicturesShown } from './lib/boot-prefetch';
import { initI18n } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';
import { adoptTokenFromUrl } from './lib/session-store';
import { afterFirstPaint, yieldToBrowser } from './lib/yield';
import './app/theme.css';

// Start-up is cut into separate tasks (yieldToBrowser between the steps), so a slow phone's main
// thread is never blocked by all of it at once and the shell's pictures paint in between.
// Social sign-in comes back as /?token=…: sign in and clean the address before the router reads it.
adoptTokenFromUrl();
const i18n = await initI18n();
await yieldToBrowser();
const router = createBrowserRouter(routes);
// The page's lazy chunk loads before the first render: rendering earlier would replace the HTML
// shell in index.html with an empty page until it arrives.
if (!router.state.initialized) {
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

// The shell's first pictures (index.html) stay until they are on screen; the app shows the same ones.
await bootPicturesShown(1000);
await yieldToBrowser();

// Rendered as a transition: React then renders the whole first page in slices of a few
// milliseconds, yielding between them, instead of one long task that blocks a slow phone's main
// thread (Lighthouse's Total Blocking Time). The HTML shell stays on screen until it commits.
const root = createRoot(document.getElementById('root') as HTMLElement);
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers i18n={i18n} queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});

// The lite app's service worker registers once the page is up, never before the first paint.
if (import.meta.env.PROD) afterFirstPaint(() => registerServiceWorker(router));
