import { PassThrough } from 'node:stream';
import {
  CATALOGUE_CHANGE_EVENTS,
  CATALOGUE_CHANGES_HEARTBEAT_MS,
  CATALOGUE_CHANGES_PATH,
} from '@shop/domain/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { CatalogueCache, CatalogueEvent } from '../catalogue/cache';

/** One event of the cache as Server-Sent Events write it. */
function serverSentEvent(event: CatalogueEvent): string {
  return 'listening' in event
    ? `event: ${CATALOGUE_CHANGE_EVENTS.listening}\ndata: ${event.listening}\n\n`
    : `event: ${CATALOGUE_CHANGE_EVENTS.changed}\ndata: ${event.changed}\n\n`;
}

/**
 * `GET /internal/catalogue-changes`: what this process's catalogue cache forgets, as it forgets
 * it, for the storefront's processes to forget the pages they keep at the same moments. A stream
 * ends when its caller goes away or the API closes.
 */
export const catalogueChangeRoutes: FastifyPluginAsync<{ catalogue: CatalogueCache }> = async (
  app,
  { catalogue },
) => {
  const open = new Set<PassThrough>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });
  // Kept out of the OpenAPI document: an internal call, not one of the shop's.
  app.get(CATALOGUE_CHANGES_PATH, { schema: { hide: true } }, (_request, reply) => {
    const stream = new PassThrough();
    open.add(stream);
    const stopWatching = catalogue.watch((event) => stream.write(serverSentEvent(event)));
    const heartbeat = setInterval(() => stream.write(':\n\n'), CATALOGUE_CHANGES_HEARTBEAT_MS);
    // Fastify destroys the stream when the caller goes away; the API's closing ends it.
    stream.on('close', () => {
      clearInterval(heartbeat);
      stopWatching();
      open.delete(stream);
    });
    // The connection ends with the stream, so that no idle one holds the API's closing up.
    return reply
      .type('text/event-stream')
      .header('cache-control', 'no-store')
      .header('connection', 'close')
      .send(stream);
  });
};
