/**
 * Who is signed in, per area (docs/architecture.md, Sessions and Departures from the documents: the
 * session lives in an httpOnly cookie; the SPA asks the server who it is and keeps the ids only to
 * show them, never as proof).
 *
 * `<RequireSession kind>` loads `GET /{Customer|orgSeller|Admin}/me`; without a valid session it
 * sends the visitor to that area's login page, except on the pages its `guestPaths` opens to
 * guests (issue 32 item 1: the shop's catalogue pages), which render without a session:
 * {@link useOptionalSession} answers null there.
 */
import { Center, Loader } from '@mantine/core';
import { QueryClientContext, useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { ApiError } from '../api/client';
import { identityApi, type Admin, type Customer, type Kind, type OrgSeller } from '../api/identity';
import { createQueryClient } from '../lib/queryClient';
import { isServerRendered } from '../lib/serverRendered';

type Profile = { customer: Customer; seller: OrgSeller; admin: Admin };

interface SessionValue<K extends Kind> {
  kind: K;
  profile: Profile[K];
  /** Reloads the profile (after an edit). */
  refresh: () => Promise<void>;
  /** Ends the session on the server and forgets it here. */
  logout: () => Promise<void>;
}

const SessionContext = createContext<SessionValue<Kind> | null>(null);

/** The login page of each area. */
export const LOGIN_PATH: Record<Kind, string> = { customer: '/CustomerLogin', seller: '/SellerLogin', admin: '/AdminLogin' };
/** Keys under which the documents kept the signed-in id (kept for display only). */
const ID_KEY: Record<Kind, string> = { customer: 'CustomerID', seller: 'SellerID', admin: 'AdminID' };

const loaders: { [K in Kind]: () => Promise<Profile[K]> } = {
  customer: identityApi.customerMe,
  seller: identityApi.sellerMe,
  admin: identityApi.adminMe,
};

/**
 * The read of an area's signed-in account, `GET /{Customer|orgSeller|Admin}/me`: one per session,
 * cached without expiry; writes to the account refresh it and signing in or out drops it
 * (lib/queryClient.tsx). Its data is null when there is no valid session (401 or 403); other
 * errors are thrown. The area's route starts it as the address matches (routes.tsx), and
 * `<RequireSession>` joins it.
 */
export function meQuery<K extends Kind>(kind: K) {
  return {
    queryKey: ['me', kind],
    queryFn: async (): Promise<Profile[K] | null> => {
      try {
        const profile = (await loaders[kind]()) as Profile[K];
        localStorage.setItem(ID_KEY[kind], profile._id);
        return profile;
      } catch (err) {
        if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
          localStorage.removeItem(ID_KEY[kind]);
          return null;
        }
        throw err;
      }
    },
    staleTime: Infinity,
  };
}

export function RequireSession<K extends Kind>({
  kind,
  children,
  guestPaths,
}: {
  kind: K;
  children: ReactNode;
  /** Whether a path opens without a session (a guest sees it; its actions ask to sign in). */
  guestPaths?: (pathname: string) => boolean;
}) {
  // Pressed Logout: the login page opens without a page to return to.
  const [signedOut, setSignedOut] = useState(false);
  const location = useLocation();
  const me = useQuery({
    ...meQuery(kind),
    enabled: !signedOut,
  });
  const { refetch } = me;
  const refresh = useCallback(async () => {
    await refetch({ cancelRefetch: false });
  }, [refetch]);

  const logout = useCallback(async () => {
    try {
      await identityApi.logout(kind);
    } finally {
      localStorage.removeItem(ID_KEY[kind]);
      setSignedOut(true);
    }
  }, [kind]);

  const state: { status: 'loading' } | { status: 'out' } | { status: 'signedOut' } | { status: 'in'; profile: Profile[K] } = signedOut
    ? { status: 'signedOut' }
    : me.data
      ? { status: 'in', profile: me.data }
      : me.isPending && me.fetchStatus !== 'idle'
        ? { status: 'loading' }
        : { status: 'out' };

  // A server-rendered guest page (lib/serverRendered.ts) stays as the server drew it while `me` loads.
  if (state.status === 'loading' && isServerRendered() && guestPaths?.(location.pathname)) return <>{children}</>;
  if (state.status === 'loading') {
    return (
      <Center h="100vh" aria-busy="true">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  // Logout goes to the area's login page (spec 000 section 2, spec 001 section 2).
  if (state.status === 'signedOut') return <Navigate to={LOGIN_PATH[kind]} replace />;
  if (state.status === 'out' && guestPaths?.(location.pathname)) return <>{children}</>;
  if (state.status === 'out') return <Navigate to={LOGIN_PATH[kind]} replace state={{ from: `${location.pathname}${location.search}` }} />;
  const value = { kind, profile: state.profile, refresh, logout } as SessionValue<Kind>;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The signed-in account of the current area. */
export function useSession<K extends Kind>(kind: K): SessionValue<K> {
  const value = useContext(SessionContext);
  if (!value || value.kind !== kind) throw new Error(`useSession('${kind}') used outside <RequireSession kind="${kind}">`);
  return value as unknown as SessionValue<K>;
}

/** The signed-in account of the current area, or null for a guest on a page open to guests (`guestPaths`). */
export function useOptionalSession<K extends Kind>(kind: K): SessionValue<K> | null {
  const value = useContext(SessionContext);
  return value && value.kind === kind ? (value as unknown as SessionValue<K>) : null;
}

/**
 * Whether this browser is signed in to `kind`'s area: asked of the server (`meQuery`) only when the
 * browser remembers an id for the area, so a visitor who never signed in sends no request. The
 * entry pages (the landing page, the login pages) use it to send a signed-in person to their area's
 * home instead of showing the entry page again (issue 32 item 4).
 */
export function useSignedIn(kind: Kind): boolean {
  const remembered = typeof localStorage !== 'undefined' && localStorage.getItem(ID_KEY[kind]) !== null;
  // A page rendered outside the app's query provider (a component test) gets a client of its own.
  const provided = useContext(QueryClientContext);
  const [own] = useState(() => (provided ? undefined : createQueryClient()));
  const me = useQuery({ ...meQuery(kind), enabled: remembered }, provided ?? own);
  return remembered && !!me.data;
}
