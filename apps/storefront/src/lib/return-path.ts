/** The request header the request hook (`src/proxy.ts`) puts the page's own path and query in. */
export const REQUEST_PATH_HEADER = 'x-request-path';

/** The query parameter that names the page to go back to after signing in (spec §2). */
export const RETURN_PARAMETER = 'redirect';

const BASE = 'http://shop.invalid';

/**
 * A path of this shop, with its query, to send the shopper to; undefined for anything that would
 * leave the shop: another origin, a protocol-relative `//host`, or what a browser reads as one
 * (`/\host`, tabs or line breaks, which URL parsers drop). Only the parsed path is answered, so
 * what the browser follows is what was checked.
 */
export function ownPath(value: string | undefined | null): string | undefined {
  if (!value?.startsWith('/') || /[\s\\]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE || url.pathname.startsWith('//')) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Pages a sign-in must not return to: the sign-in pages themselves. */
const SIGN_IN_PAGES = ['/login', '/reset-password'];

const isSignInPage = (path: string) =>
  SIGN_IN_PAGES.some((page) => path === page || path.startsWith(`${page}?`) || path.startsWith(`${page}/`));

/** Where a sign-in goes on to: the page the shopper came from, when it is one of the shop's, else `fallback`. */
export function returnPath(requested: string | undefined | null, fallback: string): string {
  const path = ownPath(requested);
  return path && !isSignInPage(path) ? path : fallback;
}

/** A sign-in page (`/login`, `/reset-password`) with the page to return to, when there is one. */
export function withReturn(
  page: string,
  target: string | undefined,
  query: Record<string, string> = {},
): string {
  const search = new URLSearchParams(query);
  const back = target === undefined ? undefined : ownPath(target);
  if (back && !isSignInPage(back)) search.set(RETURN_PARAMETER, back);
  return search.size > 0 ? `${page}?${search}` : page;
}
