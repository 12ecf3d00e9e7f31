/**
 * Entry of the web app: Mantine theme, notices and confirmation modals (both loaded on first use),
 * the data layer's query client and the router. A page the server rendered (issue 32 item 2,
 * src/entry-server.tsx) comes with its reads and the router's state in `<script id="ssr-data">`:
 * they fill the query cache and the router, the matched pages' code is loaded, and React hydrates
 * the server's markup; any other page (the app's shell) is rendered here.
 */
// First: before any module builds a zod schema (the Content-Security-Policy forbids zod's JIT).
import './lib/zodJitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// Sinhala and Tamil names (sellers, items) drawn with the fonts the PDFs embed, on devices without
// them (issue 30 item 11: empty boxes in the admin's sellers list). The theme's font stack names
// them after the system fonts, so a browser fetches them only for Sinhala or Tamil text.
import '@fontsource/noto-sans-sinhala/sinhala-400.css';
import '@fontsource/noto-sans-sinhala/sinhala-700.css';
import '@fontsource/noto-sans-tamil/tamil-400.css';
import '@fontsource/noto-sans-tamil/tamil-700.css';
import { MantineProvider } from '@mantine/core';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { ModalsSlot } from './lib/modalsHost';
import { closeErrorsOnNavigation, NotificationsSlot } from './lib/notificationsHost';
import { createQueryClient, QueryProvider } from './lib/queryClient';
import type { SsrData } from './entry-server';
import { currentLanguage, i18n } from './i18n';
import { loadLanguageFonts } from './i18n/choose';
import { loadMatchedRoutes } from './lib/lazyPage';
import { RefreshKeptReads } from './lib/refreshKeptReads';
import { markServerRendered } from './lib/serverRendered';
import { markReadAhead } from './lib/useAsync';
import { router, routes } from './routes';
import { NOTIFICATIONS_POSITION, theme } from './theme';

// One query cache for the pages and for the reads their routes start ahead (routes.tsx).
const queryClient = createQueryClient();

// This answer's style nonce (issue 27 item 4, server/securityHeaders.ts): the policy allows only
// <style> tags that carry it. Mantine writes some at run time (theme variables, responsive props),
// and so does react-remove-scroll under Mantine's modals (its scroll lock), which takes the nonce
// from get-nonce.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
if (styleNonce) setNonce(styleNonce);

/** The app with `appRouter`, as the server renders it (src/entry-server.tsx has the same tree). */
// Texts in the language the page was served in (i18n/index.ts: `<html lang>` of a server-rendered page).
const app = (appRouter: ReturnType<typeof router>) => (
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} getStyleNonce={styleNonce ? () => styleNonce : undefined}>
        <ModalsSlot />
        <NotificationsSlot position={NOTIFICATIONS_POSITION} />
        <QueryProvider client={queryClient}>
          <RouterProvider router={appRouter} />
        </QueryProvider>
      </MantineProvider>
    </I18nextProvider>
  </StrictMode>
);

const root = document.getElementById('root')!;
const ssrElement = document.getElementById('ssr-data');
const ssrData = ssrElement?.textContent;

if (ssrData) {
  const data = JSON.parse(ssrData) as SsrData;
  const ageMs = Number(ssrElement.dataset.ageMs) || 0;
  hydrate(queryClient, data.queries);
  // Shown as the server drew them, not refreshed on mount (the server's answer cache is short).
  markReadAhead(queryClient);
  markServerRendered();
  // The page's Sinhala or Tamil faces before React draws (i18n/choose.ts, loadLanguageFonts).
  void Promise.all([loadMatchedRoutes(routes, location.href), loadLanguageFonts(currentLanguage())]).then(() => {
    const appRouter = router(queryClient, data.router);
    closeErrorsOnNavigation(appRouter);
    hydrateRoot(
      root,
      <>
        {app(appRouter)}
        <RefreshKeptReads client={queryClient} ageMs={ageMs} />
      </>,
    );
  });
} else {
  const appRouter = router(queryClient);
  // A failure notice belongs to the page it was shown on.
  closeErrorsOnNavigation(appRouter);
  void loadLanguageFonts(currentLanguage()).then(() => createRoot(root).render(app(appRouter)));
}
