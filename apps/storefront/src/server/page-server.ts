import { randomUUID } from 'node:crypto';
import { Agent, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { tenants } from '@shop/tenants';
import { isRenderRequest, PAGE_RENDER_HEADER, renderPlaceholders } from '../lib/page-render';
import { newNonce } from '../lib/security-headers';
import { gzipBody, pageBody, plainBody } from './page-body';
import type { PageCache, RenderedPage } from './page-cache';
import { pageKeyOf } from './page-key';

/** Headers of one connection or one encoding of a body, not of the page. */
const UNKEPT_HEADERS = new Set([
  'connection',
  'content-encoding',
  'content-length',
  'date',
  'keep-alive',
  'transfer-encoding',
]);

/** Whether the client takes gzip (`Accept-Encoding`), a `q=0` meaning it does not. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? '').split(',').some((entry) => {
    const [coding = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const refused = parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter));
    return (coding === 'gzip' || coding === '*') && !refused;
  });
}

export interface PageServerOptions {
  /** The port this server listens on: a page to keep is rendered by asking it. */
  port: number;
  /** The secret of render requests, whose stand-ins it makes (decision 0054); never sent to anyone. */
  renderSecret: string;
  cache: PageCache;
  /** The framework's own request handler. */
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  /** What a page to keep becomes before it is kept: its stylesheets written into it. */
  inlineStyles?: (html: string) => string;
}

/**
 * Answers a request: a page the same for every shopper of its key from the page cache (a
 * fresh nonce in each answer), everything else by the framework.
 */
export function pageServer({
  port,
  renderSecret,
  cache,
  handle,
  inlineStyles = (html) => html,
}: PageServerOptions) {
  const agent = new Agent({ keepAlive: true });
  const standIns = renderPlaceholders(renderSecret);

  /** One render request; its error says whether it went over a kept connection the server had just closed. */
  const renderOnce = (incoming: IncomingMessage) =>
    new Promise<RenderedPage>((resolve, reject) => {
      const { connection: _connection, 'keep-alive': _keepAlive, ...headers } = incoming.headers;
      const rendering = request(
        {
          agent,
          host: '127.0.0.1',
          port,
          path: incoming.url,
          headers: { ...headers, 'accept-encoding': 'identity', [PAGE_RENDER_HEADER]: renderSecret },
        },
        (rendered) => {
          const chunks: Buffer[] = [];
          rendered.on('data', (chunk: Buffer) => chunks.push(chunk));
          rendered.on('error', reject);
          rendered.on('end', () => {
            const pairs: [string, string][] = [];
            for (let index = 0; index < rendered.rawHeaders.length; index += 2) {
              const name = (rendered.rawHeaders[index] ?? '').toLowerCase();
              if (!UNKEPT_HEADERS.has(name)) pairs.push([name, rendered.rawHeaders[index + 1] ?? '']);
            }
            resolve({
              status: rendered.statusCode ?? 500,
              headers: pairs,
              body: pageBody(inlineStyles(Buffer.concat(chunks).toString()), [
                standIns.nonce,
                standIns.formKey,
              ]),
            });
          });
        },
      );
      rendering.on('error', (error: NodeJS.ErrnoException) =>
        reject(Object.assign(error, { staleSocket: rendering.reusedSocket && error.code === 'ECONNRESET' })),
      );
      rendering.end();
    });

  /**
   * The page as the framework renders it for this request, with the placeholder for a nonce. A
   * kept connection the server closes just as it is reused fails the request (Node's documented
   * race between keep-alive timeouts): that one is sent again once, on a new connection.
   */
  const render = async (incoming: IncomingMessage): Promise<RenderedPage> => {
    try {
      return await renderOnce(incoming);
    } catch (error) {
      if (!(error as { staleSocket?: boolean }).staleSocket) throw error;
      return renderOnce(incoming);
    }
  };

  const send = (incoming: IncomingMessage, response: ServerResponse, page: RenderedPage, kept: boolean) => {
    const nonce = newNonce();
    const values = [nonce, randomUUID()];
    const gzip = acceptsGzip(incoming.headers['accept-encoding']);
    const body = gzip ? gzipBody(page.body, values) : plainBody(page.body, values);
    response.statusCode = page.status;
    for (const [name, value] of page.headers)
      response.appendHeader(name, value.replaceAll(standIns.nonce, nonce));
    if (gzip) response.setHeader('content-encoding', 'gzip');
    response.setHeader('content-length', body.length);
    response.setHeader('x-page-cache', kept ? 'hit' : 'miss');
    response.end(body);
  };

  return async (incoming: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (isRenderRequest(incoming.headers[PAGE_RENDER_HEADER] as string | undefined, renderSecret))
      return handle(incoming, response);
    delete incoming.headers[PAGE_RENDER_HEADER];
    const tenant = cache.keeping ? tenants().byHost(incoming.headers.host ?? '') : undefined;
    const key =
      tenant &&
      pageKeyOf(tenant, {
        method: incoming.method ?? '',
        url: incoming.url ?? '/',
        headers: incoming.headers,
      });
    if (!tenant || !key) return handle(incoming, response);
    const { page, kept } = await cache.page(tenant.shopId, key, () => render(incoming));
    send(incoming, response, page, kept);
  };
}
