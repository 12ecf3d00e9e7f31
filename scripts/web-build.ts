/**
 * How `npm start` builds the web app: `npm run build -w frontend` (Vite)
 * with `NODE_ENV=production` whatever NODE_ENV the marketplace's processes run with. Vite follows
 * NODE_ENV from the environment, and `npm start` runs its processes with `NODE_ENV=development`
 * (scripts/start.ts), which built React's development bundle: StrictMode's double effects in
 * front of users (every page asked `/Customer/me` and its data twice) and unminified code.
 * `npm run dev` serves Vite's dev server instead and never calls this.
 */

/** The command, arguments and environment of the web app's production build. */
export interface WebBuildCommand {
  cmd: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/**
 * The production build of the web app, run from the repository root.
 * @param env - the environment the marketplace's processes run with (any NODE_ENV)
 * @returns `npm run build -w frontend` with `env` and NODE_ENV forced to `production`
 */
export function webBuildCommand(env: NodeJS.ProcessEnv): WebBuildCommand {
  return { cmd: 'npm', args: ['run', 'build', '-w', 'frontend'], env: { ...env, NODE_ENV: 'production' } };
}
