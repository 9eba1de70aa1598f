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
