/**
 * Whether this page came server-rendered (issue 32 item 2: src/entry-server.tsx renders the public
 * pages, src/main.tsx hydrates them). The server renders the guest version of the session-dependent
 * parts (the same HTML for everyone, so it can be cached); the browser must render the same until it
 * knows who is signed in, then switches (session/session.tsx, `RequireSession`).
 */
let serverRendered = false;

/** Called once by the entry that hydrates a server-rendered page. */
export function markServerRendered(): void {
  serverRendered = true;
}

/** Whether the page was server-rendered (false in a page the browser rendered alone). */
export const isServerRendered = (): boolean => serverRendered;
