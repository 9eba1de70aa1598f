import type { Translations } from '@shop/domain/contract';
import { apiUrlOf } from './api-url';

/** Which bundle of texts the page's scripts need: the shop's `common` texts of one language and version. */
export interface TextsBundle {
  shopId: string;
  language: string;
  /** Changes whenever a text changes, so that a bundle kept anywhere is never an old one. */
  version: string;
}

/** A render on the server gives up after these; a page in the browser keeps asking, as its scripts cannot start without. */
const SERVER_TRIES = 3;

/** The bundle's address (spec §7); the version only makes a changed bundle a new address. */
export const textsPath = ({ language, version }: TextsBundle): string =>
  `/api/translations/${language}/common?v=${encodeURIComponent(version)}`;

/** Spec §7: a bundle is kept first in session storage, under a key that names the shop. */
const storageKey = ({ shopId, language }: TextsBundle): string => `shop:${shopId}:texts:${language}:common`;

function fromSession(bundle: TextsBundle): Translations | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(storageKey(bundle)) ?? 'null') as {
      version?: string;
      texts?: Translations;
    } | null;
    return kept?.version === bundle.version ? kept.texts : undefined;
  } catch {
    return undefined;
  }
}

function keepInSession(bundle: TextsBundle, texts: Translations): void {
  try {
    sessionStorage.setItem(storageKey(bundle), JSON.stringify({ version: bundle.version, texts }));
  } catch {
    // A full or disabled storage only means the bundle is asked for again on the next visit.
  }
}

async function download(bundle: TextsBundle): Promise<Translations> {
  const onServer = typeof window === 'undefined';
  const url = onServer ? `${apiUrlOf(process.env)}${textsPath(bundle)}` : textsPath(bundle);
  for (let attempt = 1; ; attempt++) {
    try {
      // In the browser the shop's host names the tenant; a header of its own would keep the
      // page's preload of the bundle from being used.
      const response = await fetch(url, {
        headers: onServer ? { 'X-Tenant-Id': bundle.shopId } : {},
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return (await response.json()) as Translations;
    } catch (error) {
      if (onServer && attempt >= SERVER_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * attempt, 5_000)));
    }
  }
}

/**
 * A promise already kept, marked the way React's `use` reads it, so that a render with the
 * texts at hand does not wait a turn for them.
 */
function settled(texts: Translations): Promise<Translations> {
  return Object.assign(Promise.resolve(texts), { status: 'fulfilled', value: texts });
}

/** The latest bundle asked for, per shop and language: an older version is never asked for again. */
const loaded = new Map<string, { version: string; texts: Promise<Translations> }>();

/**
 * The texts of `bundle`, for React's `use`: the same promise for every render of this process
 * (or, in the browser, this tab), taken from session storage when the tab has them. A failed
 * download is forgotten, so the next render asks again.
 */
export function shopTexts(bundle: TextsBundle): Promise<Translations> {
  const key = `${bundle.shopId}/${bundle.language}`;
  const entry = loaded.get(key);
  if (entry?.version === bundle.version) return entry.texts;
  const kept = typeof window === 'undefined' ? undefined : fromSession(bundle);
  const texts = kept
    ? settled(kept)
    : download(bundle).then(
        (downloaded) => {
          if (typeof window !== 'undefined') keepInSession(bundle, downloaded);
          return downloaded;
        },
        (error: unknown) => {
          if (loaded.get(key)?.texts === texts) loaded.delete(key);
          throw error;
        },
      );
  loaded.set(key, { version: bundle.version, texts });
  return texts;
}
