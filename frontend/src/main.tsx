/** Entry of the web app: Mantine theme, notices and confirmation modals (both loaded on first use), the data layer's query client and the router. */
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
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { ModalsSlot } from './lib/modalsHost';
import { closeErrorsOnNavigation, NotificationsSlot } from './lib/notificationsHost';
import { createQueryClient, QueryProvider } from './lib/queryClient';
import { router } from './routes';
import { NOTIFICATIONS_POSITION, theme } from './theme';

// One query cache for the pages and for the reads their routes start ahead (routes.tsx).
const queryClient = createQueryClient();

// This answer's style nonce (issue 27 item 4, server/securityHeaders.ts): the policy allows only
// <style> tags that carry it. Mantine writes some at run time (theme variables, responsive props),
// and so does react-remove-scroll under Mantine's modals (its scroll lock), which takes the nonce
// from get-nonce.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
if (styleNonce) setNonce(styleNonce);

const appRouter = router(queryClient);
// A failure notice belongs to the page it was shown on.
closeErrorsOnNavigation(appRouter);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} getStyleNonce={styleNonce ? () => styleNonce : undefined}>
      <ModalsSlot />
      <NotificationsSlot position={NOTIFICATIONS_POSITION} />
      <QueryProvider client={queryClient}>
        <RouterProvider router={appRouter} />
      </QueryProvider>
    </MantineProvider>
  </StrictMode>,
);
