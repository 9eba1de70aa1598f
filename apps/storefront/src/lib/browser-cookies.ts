/** Reads a cookie the shop's pages set, from the browser; undefined when there is none. */
export function readCookie(name: string): string | undefined {
  const entry = document.cookie.split('; ').find((candidate) => candidate.startsWith(`${name}=`));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(name.length + 1));
}

/** Keeps a value for this shop's pages (strict same-site, secure on https); undefined removes it. */
export function writeCookie(name: string, value: string | undefined, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  const content =
    value === undefined ? '; max-age=0' : `${encodeURIComponent(value)}; max-age=${maxAgeSeconds}`;
  // The Cookie Store API is not available in every browser the shop supports.
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = `${name}=${content}; path=/; samesite=strict${secure}`;
}

/**
 * Resolves once the browser has stored the cookies this page has written. Chromium stores a
 * `document.cookie` write asynchronously, so a navigation started at once may leave without it
 * (the next page then sees no cart); a read through the Cookie Store API, where there is one,
 * comes back only after the writes before it.
 */
export async function cookiesStored(): Promise<void> {
  const store = (globalThis as { cookieStore?: { getAll(): Promise<unknown> } }).cookieStore;
  await store?.getAll().catch(() => undefined);
}

/** Goes to a page of the shop once the cookies written for it are stored. */
export async function goTo(path: string): Promise<void> {
  await cookiesStored();
  window.location.assign(path);
}
