/**
 * The storefront's server: the built Next.js app behind the page cache (decision 0054). Run
 * from `npm start`; `PORT` as `next start` takes it, `API_URL` for the catalogue's changes.
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import next from 'next';
import { apiUrlOf } from './src/lib/api-url';
import { isRenderRequest, PAGE_RENDER_HEADER } from './src/lib/page-render';
import { newNonce } from './src/lib/security-headers';
import { watchCatalogue } from './src/server/catalogue-changes';
import { clientAddressOf, stampClientAddress } from './src/server/client-address';
import { createPageCache } from './src/server/page-cache';
import { pageServer } from './src/server/page-server';
import { stylesInliner } from './src/server/page-styles';

const port = Number(process.env.PORT ?? 3000);
// Read before the framework sets NODE_ENV for itself.
const clientAddress = clientAddressOf(process.env);
// Shared by every process of one storefront, so that any of them may render a page another keeps.
process.env.PAGE_RENDER_SECRET ||= newNonce();
const renderSecret = process.env.PAGE_RENDER_SECRET;

const app = next({ dev: false, dir: import.meta.dirname, port, hostname: 'localhost' });
await app.prepare();
const nextHandler = app.getRequestHandler();
const cache = createPageCache();
const watcher = watchCatalogue(apiUrlOf(process.env), (event) => cache.hear(event));
const answer = pageServer({
  port,
  renderSecret,
  cache,
  handle: (request, response) => nextHandler(request, response),
  inlineStyles: stylesInliner(join(import.meta.dirname, '.next')),
});

const server = createServer((request, response) => {
  // A render request of the page cache already carries the shopper's address.
  const header = request.headers[PAGE_RENDER_HEADER];
  if (!isRenderRequest(Array.isArray(header) ? header[0] : header, renderSecret)) {
    stampClientAddress(request, clientAddress(request));
  }
  answer(request, response).catch((error: unknown) => {
    console.error(error);
    if (!response.headersSent) response.statusCode = 500;
    response.end();
  });
});
server.listen(port, () => console.log(`The storefront listens on port ${port}`));

const stop = () => {
  watcher.close();
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
