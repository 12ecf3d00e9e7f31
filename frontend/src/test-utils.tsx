/**
 * Unit-test helpers of the web app (jsdom): a fake gateway behind `fetch`, and a page rendered
 * with the app's providers, a signed-in session and a router.
 */
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { vi } from 'vitest';
import type { Kind } from './api/identity';
import { QueryProvider } from './lib/queryClient';
import { RequireSession } from './session/session';

export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: Call) => { status?: number; body: unknown; headers?: Record<string, string> } | unknown;

/**
 * Replaces `fetch` with a fake gateway.
 * @param routes - `'METHOD /path'` (path without query string) → the answer, or a handler giving
 * `{ status, body }` (with `headers`, e.g. a 429's `Retry-After`) or the body
 * @returns the calls made, in order
 */
export function fakeGateway(routes: Record<string, Handler | object>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit = {}) => {
      const url = new URL(input);
      const call: Call = {
        method: init.method ?? 'GET',
        path: url.pathname + url.search,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const route = routes[`${call.method} ${url.pathname}`];
      let status = 200;
      let body: unknown = { error: `no fake for ${call.method} ${url.pathname}` };
      let headers: Record<string, string> = {};
      if (route === undefined) status = 404;
      else {
        const answer = (typeof route === 'function' ? (route as Handler)(call) : route) as {
          status?: unknown;
          body?: unknown;
          headers?: Record<string, string>;
        };
        if (answer && typeof answer === 'object' && typeof answer.status === 'number' && 'body' in answer) {
          status = answer.status;
          body = answer.body;
          headers = answer.headers ?? {};
        } else body = answer;
      }
      return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } }));
    }),
  );
  return calls;
}

/** The path (and, apart, the query string) the router is at, for checking where a page went. */
function Where() {
  const location = useLocation();
  return (
    <>
      <output data-testid="location">{location.pathname}</output>
      <output data-testid="location-search">{location.search}</output>
    </>
  );
}

/** A "Back" control for tests that go back in the router's history (as the browser's Back). */
function BackControl() {
  const navigate = useNavigate();
  return (
    <button type="button" data-testid="history-back" onClick={() => void navigate(-1)}>
      history back
    </button>
  );
}

/**
 * Renders several pages of one area, each behind `<RequireSession kind>` (as the app's layouts
 * are), with a fresh query cache (`lib/queryClient.tsx`), starting at `path`, with a `history-back` test control that goes back like the browser.
 * @param routes - full route patterns (e.g. `/Customer/MyOrders`) → the page
 * @param strict - under React's StrictMode (effects run twice), as `main.tsx` renders the app
 */
export function renderRoutes(
  routes: Record<string, ReactNode>,
  { kind, path, strict = false, back = false }: { kind: Kind; path: string; strict?: boolean; back?: boolean },
) {
  notifications.clean();
  const tree = (
    <MantineProvider>
      <ModalsProvider>
        <Notifications />
        <QueryProvider>
          <MemoryRouter initialEntries={[path]}>
            <Where />
            {back && <BackControl />}
            <Routes>
              {Object.entries(routes).map(([pattern, page]) => (
                <Route key={pattern} path={pattern} element={<RequireSession kind={kind}>{page}</RequireSession>} />
              ))}
              <Route path="*" element={<p>elsewhere</p>} />
            </Routes>
          </MemoryRouter>
        </QueryProvider>
      </ModalsProvider>
    </MantineProvider>
  );
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree);
}

/**
 * Renders `page` at `path` as the signed-in `kind` (the fake gateway must answer its `/me`).
 * @param pattern - the route pattern of the page, e.g. `Confrim/:cardId`
 * @param strict - under React's StrictMode (effects run twice), as `main.tsx` renders the app
 */
export function renderPage(
  page: ReactNode,
  { kind, path, pattern, strict = false }: { kind: Kind; path: string; pattern?: string; strict?: boolean },
) {
  const area = path.split('/')[1]!;
  return renderRoutes({ [`/${area}/${pattern ?? path.split('/').slice(2).join('/')}`]: page }, { kind, path, strict });
}

export const CUSTOMER = { _id: 'c0ffee0000000000000000c1', username: 'sachini', firstName: 'Sachini', lastName: 'Bandara' };
export const SELLER = { _id: '5e11e20000000000000000a1', username: 'kandytech', companyname: 'Kandy Tech' };
