/** Entry of the web app: Mantine theme, notices and confirmation modals (both loaded on first use), the data layer's query client and the router. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { ModalsSlot } from './lib/modalsHost';
import { NotificationsSlot } from './lib/notificationsHost';
import { createQueryClient, QueryProvider } from './lib/queryClient';
import { router } from './routes';
import { NOTIFICATIONS_POSITION, theme } from './theme';

// One query cache for the pages and for the reads their routes start ahead (routes.tsx).
const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <ModalsSlot />
      <NotificationsSlot position={NOTIFICATIONS_POSITION} />
      <QueryProvider client={queryClient}>
        <RouterProvider router={router(queryClient)} />
      </QueryProvider>
    </MantineProvider>
  </StrictMode>,
);
