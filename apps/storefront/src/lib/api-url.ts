/** Where the storefront's server side reaches the API (never exposed to the browser). */
export const apiUrlOf = (env: NodeJS.ProcessEnv): string =>
  (env.API_URL ?? 'http://127.0.0.1:4000').replace(/\/$/, '');
