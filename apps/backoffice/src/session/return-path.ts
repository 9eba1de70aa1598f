/**
 * The page to return to after signing in, from the sign-in page's `returnTo`: a path of the back
 * office only (not another site's address, `//host` or `/\host` included), and never the sign-in
 * page itself; undefined otherwise.
 */
export function returnPath(asked: string | null | undefined): string | undefined {
  if (!asked?.startsWith('/') || asked.startsWith('//') || asked.startsWith('/\\')) return undefined;
  if (asked === '/' || /^\/sign-in([/?#]|$)/.test(asked)) return undefined;
  return asked;
}

/** The sign-in page's address that comes back to `path` (with its query) afterwards. */
export function signInPath(path: string): string {
  const back = returnPath(path);
  return back ? `/sign-in?${new URLSearchParams({ returnTo: back })}` : '/sign-in';
}
