import {
  CATALOGUE_CHANGE_EVENTS,
  CATALOGUE_CHANGES_HEARTBEAT_MS,
  CATALOGUE_CHANGES_PATH,
} from '@shop/domain/contract';
import { createParser } from 'eventsource-parser';
import type { CatalogueEvent } from './page-cache';

/** A connection silent for this long (missing two and a half heartbeats) is taken as lost. */
const SILENCE_MS = CATALOGUE_CHANGES_HEARTBEAT_MS * 2.5;
const RETRY_MS = [250, 1_000];

/**
 * Holds a connection to the API's stream of catalogue changes (decision 0054) and tells `hear`
 * of each event; a lost, refused or silent connection counts as not listening until the next one
 * stands, tried again and again. Stops at `close`.
 */
export function watchCatalogue(apiUrl: string, hear: (event: CatalogueEvent) => void): { close(): void } {
  let closed = false;
  let current: AbortController | undefined;
  let failures = 0;

  const connect = async () => {
    const aborted = new AbortController();
    current = aborted;
    let silence = setTimeout(() => aborted.abort(), SILENCE_MS);
    const heardSomething = () => {
      clearTimeout(silence);
      silence = setTimeout(() => aborted.abort(), SILENCE_MS);
    };
    const parser = createParser({
      onEvent: ({ event, data }) => {
        if (event === CATALOGUE_CHANGE_EVENTS.listening) {
          failures = 0;
          hear({ listening: data === 'true' });
        } else if (event === CATALOGUE_CHANGE_EVENTS.changed) hear({ changed: data });
      },
    });
    try {
      const response = await fetch(`${apiUrl}${CATALOGUE_CHANGES_PATH}`, { signal: aborted.signal });
      if (!response.ok || !response.body) throw new Error(`the API answered ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        heardSomething();
        parser.feed(read.value);
      }
    } catch {
      // Lost or refused: not listening, and tried again below.
    } finally {
      clearTimeout(silence);
    }
    hear({ listening: false });
    if (closed) return;
    failures += 1;
    setTimeout(connect, RETRY_MS[Math.min(failures, RETRY_MS.length) - 1]).unref();
  };
  void connect();

  return {
    close() {
      closed = true;
      current?.abort();
    },
  };
}
